import { LinkOutlined } from '@ant-design/icons';
import type { KpiRecordEntity } from '@qlcv/common/schemas/kpi-types';
import { Button, Popover, Typography } from 'antd';
import { Link } from 'react-router';
import { urlFor } from '@/lib/routes';

const NOUNS: Record<KpiRecordEntity, string> = {
  works: 'công việc',
  requests: 'yêu cầu',
  analyses: 'phép phân tích',
  test_reports: 'phiếu kết quả',
};
/** Where each kind of counted record opens. */
const ROUTES: Record<KpiRecordEntity, string> = {
  works: 'works.show',
  requests: 'requests.show',
  analyses: 'monitoring.analyses.show',
  test_reports: 'monitoring.test_reports.show',
};
/** More than this many are listed as "và N … khác". */
const SHOWN = 30;

/** "N công việc" opening a list of links to the records a computed actual counted. */
export function RecordsPopover({ records }: { records: { entity: KpiRecordEntity; ids: number[] } | null | undefined }) {
  if (!records || records.ids.length === 0)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Không có bản ghi
      </Typography.Text>
    );
  const noun = NOUNS[records.entity];
  const route = ROUTES[records.entity];
  const content = (
    <div style={{ maxWidth: 320, maxHeight: 280, overflowY: 'auto' }}>
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {records.ids.slice(0, SHOWN).map((id) => (
          <li key={id}>
            <Link to={urlFor(route, { id })} target="_blank">
              {noun[0]?.toUpperCase()}
              {noun.slice(1)} #{id}
            </Link>
          </li>
        ))}
      </ul>
      {records.ids.length > SHOWN && (
        <Typography.Text type="secondary">
          và {records.ids.length - SHOWN} {noun} khác
        </Typography.Text>
      )}
    </div>
  );
  return (
    <Popover title={`Các ${noun} được tính`} content={content} trigger="click">
      <Button type="link" size="small" icon={<LinkOutlined />} style={{ padding: 0, height: 'auto' }}>
        {records.ids.length} {noun}
      </Button>
    </Popover>
  );
}
