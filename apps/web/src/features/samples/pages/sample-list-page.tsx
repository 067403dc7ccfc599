import { InboxOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { Sample } from '@qlcv/common/schemas/samples';
import { Button, Select, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportSamples, useSamples } from '../api/samples-api';
import { OverdueTag, QC_OPTIONS, QcKindTag, SampleStatusTag, STATUS_OPTIONS } from '../components/sample-tags';

const FILTERS = ['status', 'qc_kind', 'overdue'] as const;

/** The laboratory's list of every sample (lab.index, sampling.all): by status, QC kind, overdue; export; "Nhận mẫu". */
export default function SampleListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: '-taken_at', filters: FILTERS });
  const { params, update } = list;
  const samples = useSamples(toQuery(params));
  const exporter = useExportSamples();
  const canReceive = useCan(['lab.receive']);

  const columns: TableColumnsType<Sample> = [
    {
      key: 'code',
      title: 'Mã mẫu',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
          <Link to={urlFor('monitoring.samples.show', { id: s.id })}>{s.code}</Link>
          <QcKindTag kind={s.qc_kind} />
        </span>
      ),
    },
    {
      key: 'point',
      title: 'Điểm lấy mẫu',
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', gap: 2, lineHeight: 1.35 }}>
          <span>
            {s.point.code} — {s.point.name}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.site.name} · chuyến {s.trip.code}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'taken_at',
      title: 'Thời điểm lấy',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'taken_at'),
      render: (_, s) => formatDateTime(s.taken_at),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
          <SampleStatusTag status={s.status} />
          <OverdueTag sample={s} />
        </span>
      ),
    },
    {
      key: 'hold_until',
      title: 'Hạn lưu mẫu',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'hold_until'),
      render: (_, s) => (s.hold_until ? formatDateTime(s.hold_until) : <Typography.Text type="secondary">—</Typography.Text>),
    },
  ];

  return (
    <ListPage<Sample>
      title="Mẫu quan trắc"
      subtitle="Mẫu các đoàn đã lấy: trạng thái bàn giao, nhận mẫu, phân tích và hạn lưu mẫu."
      list={list}
      query={samples}
      columns={columns}
      noun="mẫu"
      scrollX={900}
      exporter={exporter}
      actions={
        canReceive && (
          <Button icon={<InboxOutlined />} onClick={() => navigate(urlFor('monitoring.samples.receive'))}>
            Nhận mẫu
          </Button>
        )
      }
      search={{ placeholder: 'Tìm theo mã mẫu, mã chuyến, cơ sở, điểm' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 180 }}
            options={STATUS_OPTIONS}
            value={params.filters.status}
            onChange={(v?: string) => update({ status: v ?? null })}
          />
          <Select
            aria-label="Lọc theo loại mẫu"
            placeholder="Loại mẫu"
            allowClear
            style={{ width: 200 }}
            options={QC_OPTIONS}
            value={params.filters.qc_kind}
            onChange={(v?: string) => update({ qc_kind: v ?? null })}
          />
          <Select
            aria-label="Lọc theo hạn lưu mẫu"
            placeholder="Hạn lưu mẫu"
            allowClear
            style={{ width: 180 }}
            options={[{ value: 'true', label: 'Quá hạn lưu mẫu' }]}
            value={params.filters.overdue}
            onChange={(v?: string) => update({ overdue: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có mẫu nào. Các đoàn lấy mẫu ghi mẫu trong chuyến lấy mẫu của mình."
    />
  );
}
