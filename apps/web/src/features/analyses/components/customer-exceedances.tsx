import { formatDate } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { Exceedance } from '@qlcv/common/schemas/analyses';
import { Alert, Card, Empty, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useCustomerExceedances } from '../api/analyses-api';

/** Who may read analyses (the server's READ keys of /api/analyses). */
export const ANALYSIS_READERS = ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'];
/** Who reads released results, exceedances among them (the server's READ_RELEASED keys). */
const RELEASED_READERS = [...ANALYSIS_READERS, 'monitoring.index', 'customer.index'];
const unitOf = (u: string) => (u === '-' ? '' : ` ${u}`);

/**
 * "Vượt quy chuẩn" on a customer's page: a year's exceeding results (by sampling date), twelve monthly counts and
 * each result linking to its analysis. Shown to the laboratory and to who reads released results (the customer's
 * account manager, the monitoring staff).
 */
export function CustomerExceedances({ customerId }: { customerId: number }) {
  const canRead = useCan(RELEASED_READERS);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const data = useCustomerExceedances({ customer_id: customerId, year }, canRead);
  if (!canRead) return null;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  return (
    <Card
      title={`Vượt quy chuẩn${data.data ? ` (${data.data.total})` : ''}`}
      data-testid="customer-exceedances"
      extra={
        <Select
          aria-label="Năm lấy mẫu"
          size="small"
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: `Năm ${y}` }))}
          style={{ width: 110 }}
        />
      }
    >
      {data.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data.isError ? (
        <Alert type="error" showIcon title="Không tải được kết quả vượt quy chuẩn" />
      ) : data.data.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`Không có kết quả vượt quy chuẩn năm ${year}`} />
      ) : (
        <>
          <table className="qlcv-month-counts" style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 12 }}>
            <caption style={{ textAlign: 'left', fontSize: 12, color: '#595959', captionSide: 'top' }}>
              Số kết quả vượt theo tháng lấy mẫu
            </caption>
            <thead>
              <tr>
                {data.data.months.map((m) => (
                  <th key={m.month} scope="col" style={{ fontWeight: 500, fontSize: 12, padding: 2 }}>
                    {`T${m.month}`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {data.data.months.map((m) => (
                  <td
                    key={m.month}
                    style={{
                      textAlign: 'center',
                      padding: 2,
                      color: m.count > 0 ? '#cf1322' : '#8c8c8c',
                      fontWeight: m.count ? 600 : 400,
                    }}
                  >
                    {m.count}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          {data.data.truncated && <Alert type="info" showIcon title="Chỉ hiển thị một phần kết quả." />}
          <div style={{ overflowX: 'auto' }}>
            <Table<Exceedance>
              size="small"
              rowKey="analysis_id"
              pagination={data.data.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={data.data.rows}
              columns={[
                { key: 'date', title: 'Ngày lấy mẫu', width: 110, render: (_, r) => formatDate(r.date) },
                {
                  key: 'what',
                  title: 'Mẫu · chỉ tiêu',
                  render: (_, r) => (
                    <Link to={urlFor('monitoring.analyses.show', { id: r.analysis_id })}>
                      {`${r.sample.code} · ${r.parameter.code}`}
                    </Link>
                  ),
                },
                { key: 'point', title: 'Điểm', render: (_, r) => `${r.site.name} — ${r.point.code}` },
                {
                  key: 'value',
                  title: 'Kết quả / giới hạn',
                  render: (_, r) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {`${r.qualifier ? `${r.qualifier} ` : ''}${formatDecVi(r.value)}${unitOf(r.unit)}`}
                      {r.limit ? ` / ${r.limit.text}` : ''}{' '}
                      {r.exceed_ratio && (
                        <Tag color="red" style={{ marginInlineEnd: 0 }}>{`gấp ${formatDecVi(r.exceed_ratio)} lần`}</Tag>
                      )}
                    </span>
                  ),
                },
              ]}
            />
          </div>
        </>
      )}
    </Card>
  );
}
