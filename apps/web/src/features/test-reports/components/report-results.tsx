import { formatDateTime } from '@qlcv/common/format/date';
import type { TestReportDetail } from '@qlcv/common/schemas/test-reports';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { usePhoneTable } from '@/components/phone-cards';

type Row = TestReportDetail['rows'][number] & { key: string };
const stack = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 } as const;
const small = { fontSize: 12 } as const;

/** The report's table: by point and parameter, the result, its limit under the regulation's column, the verdict. */
export function ReportResults({ rows }: { rows: TestReportDetail['rows'] }) {
  const columns: TableColumnsType<Row> = [
    {
      key: 'parameter',
      title: 'Chỉ tiêu',
      render: (_, r) => (
        <span style={stack}>
          <span style={{ fontWeight: 500 }}>{r.parameter}</span>
          <Typography.Text type="secondary" style={small}>
            {r.method}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'point',
      title: 'Điểm · mẫu',
      width: 220,
      render: (_, r) => (
        <span style={stack}>
          <span>
            {r.point_code} — {r.point_name}
          </span>
          <Typography.Text type="secondary" style={small}>
            {r.sample_code} · lấy {formatDateTime(r.taken_at)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'result',
      title: 'Kết quả',
      width: 150,
      render: (_, r) => (
        <span>
          <Typography.Text strong>{r.result || '—'}</Typography.Text> {r.unit}
        </span>
      ),
    },
    {
      key: 'limit',
      title: 'Giới hạn',
      width: 200,
      render: (_, r) =>
        r.limit ? (
          <span style={stack}>
            <span>{r.limit}</span>
            {r.regulation && (
              <Typography.Text type="secondary" style={small}>
                {r.regulation}
                {r.column ? `, cột ${r.column}` : ''}
              </Typography.Text>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'verdict',
      title: 'Đánh giá',
      width: 110,
      render: (_, r) =>
        r.exceeded ? (
          <Tag color="error" data-testid="row-exceeded">
            Vượt
          </Tag>
        ) : r.limit ? (
          <Tag color="success">Đạt</Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  const { scroll: wide, ...table } = usePhoneTable(columns, 820);
  const data = rows.map((r, i) => ({ ...r, key: `${r.sample_code}-${r.parameter}-${i}` }));
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<Row>
        {...table}
        style={wide ? { minWidth: wide.x } : undefined}
        data-testid="report-results"
        dataSource={data}
        pagination={false}
        size="small"
        locale={{ emptyText: <Empty description="Chuyến lấy mẫu chưa có kết quả đã phát hành của khách hàng này." /> }}
      />
    </div>
  );
}
