import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { Regulation } from '@qlcv/common/schemas/regulations';
import { Card, Table, Typography } from 'antd';

type Factor = Regulation['factors'][number];
type FactorValue = Factor['values'][number];

/**
 * Each factor a limit's max is multiplied by, with the table the regulation gives to choose its value from
 * (condition → value, e.g. "Q ≤ 50 m³/s → 0,9"); the point's plan picks one.
 */
export function FactorTables({ factors }: { factors: Regulation['factors'] }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', gap: 16 }}>
      {factors.map((f) => (
        <Card
          key={f.code}
          size="small"
          type="inner"
          data-testid="factor-table"
          title={
            <span style={{ whiteSpace: 'normal' }}>
              <strong>{f.code}</strong> — {f.name}
            </span>
          }
        >
          {f.basis && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
              Căn cứ: {f.basis}
            </Typography.Paragraph>
          )}
          <Table<FactorValue>
            size="small"
            rowKey={(v) => `${v.label}|${v.value}`}
            dataSource={f.values}
            pagination={false}
            columns={[
              { key: 'label', title: 'Điều kiện áp dụng', render: (_, v) => v.label },
              {
                key: 'value',
                title: `Giá trị ${f.code}`,
                width: 100,
                align: 'right',
                render: (_, v) => formatDecVi(v.value),
              },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}
