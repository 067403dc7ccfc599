import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { type TestReport, testReportRoundLabel } from '@qlcv/common/schemas/test-reports';
import { Button, Card, Empty, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClearFiltersLink, useListParams } from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { usePhoneTable } from '@/components/phone-cards';
import { CustomerSelect } from '@/features/sites';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useReportTripOptions, useTestReports } from '../api/test-reports-api';
import { CreateReportDialog } from '../components/create-report-dialog';
import { STATE_FILTER_OPTIONS, TestReportStateTag, versionLabel } from '../components/test-report-tags';

const FILTERS = ['state', 'customer_id', 'trip_id'] as const;
const stack = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 } as const;
const small = { fontSize: 12 } as const;
/** Who drafts a report (the routes' DRAFT keys). */
const DRAFT = ['lab.receive', 'lab.approve'];

/** The test reports (issue 25 part 4): every version, its state, who signed it; "Lập phiếu" drafts a new one. */
export default function TestReportListPage() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS });
  const { params, update, filtered, clear } = list;
  const f = params.filters;
  const reports = useTestReports({ state: f.state, customer_id: f.customer_id, trip_id: f.trip_id });
  const canDraft = useCan(DRAFT);
  const trips = useReportTripOptions();
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<TestReport> = [
    {
      key: 'number',
      title: 'Số phiếu',
      width: 200,
      render: (_, r) => (
        <span style={stack}>
          <span>
            <Link to={urlFor('monitoring.test_reports.show', { id: r.id })} style={{ fontWeight: 500 }}>
              {r.number}
            </Link>{' '}
            <Tag style={{ marginInlineStart: 4 }}>{versionLabel(r.report_version)}</Tag>
          </span>
          <Typography.Text type="secondary" style={small}>
            Lập {formatDateTime(r.created_at)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'customer', title: 'Khách hàng', render: (_, r) => r.customer.name },
    {
      key: 'trip',
      title: 'Chuyến lấy mẫu',
      width: 190,
      render: (_, r) =>
        r.round ? (
          <span style={stack}>
            <span>{r.trip.code}</span>
            <Typography.Text type="secondary" style={small}>
              Đợt: {testReportRoundLabel(r.round)}
            </Typography.Text>
          </span>
        ) : (
          r.trip.code
        ),
    },
    { key: 'state', title: 'Trạng thái', width: 150, render: (_, r) => <TestReportStateTag report={r} /> },
    {
      key: 'signed',
      title: 'Người ký',
      width: 200,
      render: (_, r) =>
        r.signed_by ? (
          <span style={stack}>
            <span>{r.signed_by.name}</span>
            {r.signed_at && (
              <Typography.Text type="secondary" style={small}>
                {formatDateTime(r.signed_at)}
              </Typography.Text>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">Chưa ký</Typography.Text>
        ),
    },
  ];
  const { scroll: wide, ...table } = usePhoneTable(columns, 860);
  const createButton = canDraft && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      Lập phiếu
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Phiếu kết quả thử nghiệm"
        subtitle="Phiếu gửi khách hàng từ các kết quả đã phát hành của một chuyến lấy mẫu: lập nháp, ký phát hành, sửa đổi."
        extra={createButton || undefined}
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 180 }}
            options={STATE_FILTER_OPTIONS}
            value={f.state}
            onChange={(v?: string) => update({ state: v ?? null })}
          />
          <CustomerSelect
            aria-label="Lọc theo khách hàng"
            placeholder="Khách hàng"
            allowClear
            style={{ width: 260 }}
            value={f.customer_id ? Number(f.customer_id) : null}
            onChange={(v) => update({ customer_id: v ? String(v) : null })}
          />
          <Select<number>
            aria-label="Lọc theo chuyến lấy mẫu"
            placeholder="Chuyến lấy mẫu"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            loading={trips.isPending}
            options={trips.options}
            value={f.trip_id ? Number(f.trip_id) : undefined}
            onChange={(v?: number) => update({ trip_id: v ? String(v) : null })}
          />
          {filtered && <ClearFiltersLink onClick={clear} />}
        </Space>
        {reports.isError ? (
          <LoadError plain error={reports.error} onRetry={() => reports.refetch()} />
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table<TestReport>
              rowKey="id"
              {...table}
              style={wide ? { minWidth: wide.x } : undefined}
              data-testid="test-reports-table"
              dataSource={reports.data}
              loading={reports.isFetching}
              onRow={(r) => ({ 'data-report': `${r.number} v${r.report_version}` }) as object}
              locale={{
                emptyText: reports.isPending ? (
                  ' '
                ) : filtered ? (
                  <Empty description="Không tìm thấy phiếu kết quả nào phù hợp với điều kiện lọc">
                    <ClearFiltersLink onClick={clear} />
                  </Empty>
                ) : (
                  <Empty description="Chưa có phiếu kết quả thử nghiệm nào. Lập phiếu khi một chuyến lấy mẫu đã có kết quả được phát hành.">
                    {createButton}
                  </Empty>
                ),
              }}
              pagination={{
                defaultPageSize: 20,
                hideOnSinglePage: true,
                showSizeChanger: false,
                showTotal: (total) => `Tổng ${total} phiếu`,
              }}
            />
          </div>
        )}
      </Card>
      {canDraft && <CreateReportDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
