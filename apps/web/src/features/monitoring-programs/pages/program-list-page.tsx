import { EditOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import type { Program } from '@qlcv/common/schemas/monitoring-programs';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportMonitoringPrograms, useMonitoringPrograms, useSiteChoices } from '../api/monitoring-programs-api';
import { DeleteProgramButton } from '../components/delete-program-button';
import { nextRoundText, ProgramProgress } from '../components/program-labels';

// due_by: programmes with a round due by that day (the dashboard's "due this month" card opens it so).
const FILTERS = ['site_id', 'late', 'due_by'] as const;

/** Monitoring programmes: search, filters by site and lateness, progress of their rounds, export. */
export default function ProgramListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: '-start_date', filters: FILTERS });
  const { params, update } = list;
  const programs = useMonitoringPrograms(toQuery(params));
  const sites = useSiteChoices();
  const exporter = useExportMonitoringPrograms();
  const canCreate = useCan(['monitoring.create']);
  const canShow = useCan(['monitoring.show', 'monitoring.edit']);
  const canEdit = useCan(['monitoring.edit']);
  const f = params.filters;

  const columns: TableColumnsType<Program> = [
    { key: 'code', title: 'Mã', dataIndex: 'code', width: 110, sorter: true, sortOrder: sortOrderOf(params.sort, 'code') },
    {
      key: 'name',
      title: 'Chương trình',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('monitoring.programs.show', { id: p.id })}>{p.name}</Link> : p.name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.site.name} · {p.customer.name}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'contract',
      title: 'Hợp đồng',
      width: 120,
      responsive: ['xl'],
      render: (_, p) => p.contract?.number ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'start_date',
      title: 'Thời gian',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'start_date'),
      responsive: ['md'],
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{formatDate(p.start_date)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            đến {formatDate(p.end_date)}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'progress', title: 'Tiến độ', width: 140, render: (_, p) => <ProgramProgress progress={p.progress} /> },
    {
      key: 'next',
      title: 'Đợt tiếp theo',
      width: 150,
      responsive: ['sm'],
      render: (_, p) => nextRoundText(p.next_round),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 120,
            responsive: ['md' as const],
            render: (_: unknown, p: Program) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('monitoring.programs.edit', { id: p.id }))}
                  aria-label={`Sửa chương trình ${p.name}`}
                >
                  Sửa
                </Button>
                <DeleteProgramButton program={p} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Program>
      title="Chương trình quan trắc"
      subtitle="Chương trình của từng cơ sở theo hợp đồng: các điểm, chỉ tiêu, tần suất và các đợt quan trắc cần thực hiện."
      list={list}
      query={programs}
      columns={columns}
      noun="chương trình"
      scrollX={820}
      exporter={exporter}
      create={canCreate && { label: 'Lập chương trình', to: urlFor('monitoring.programs.create') }}
      search={{ placeholder: 'Tìm theo mã, tên chương trình', width: 280 }}
      filters={
        <>
          <Select
            aria-label="Lọc theo cơ sở"
            placeholder="Cơ sở quan trắc"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260 }}
            loading={sites.isPending}
            options={(sites.data ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` }))}
            value={f.site_id}
            onChange={(v?: string) => update({ site_id: v ?? null })}
          />
          <Select
            aria-label="Lọc theo tiến độ"
            placeholder="Tiến độ"
            allowClear
            style={{ width: 180 }}
            options={[{ value: 'true', label: 'Có đợt trễ hạn' }]}
            value={f.late}
            onChange={(v?: string) => update({ late: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có chương trình quan trắc nào. Lập chương trình từ một hợp đồng đã ký để có lịch các đợt quan trắc."
    />
  );
}
