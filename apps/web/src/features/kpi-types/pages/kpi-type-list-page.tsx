import { EditOutlined } from '@ant-design/icons';
import {
  KPI_DIRECTION_LABELS,
  KPI_DIRECTIONS,
  KPI_MEASURE_KEYS,
  KPI_MEASURES,
  type KpiType,
} from '@qlcv/common/schemas/kpi-types';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportKpiTypes, useKpiTypes } from '../api/kpi-types-api';
import { DeleteKpiTypeButton } from '../components/delete-kpi-type-button';
import { DirectionTag, formatKpiNumber, MeasureTag } from '../components/kpi-type-tags';

const FILTERS = ['measure', 'direction', 'active'] as const;
const MEASURE_OPTIONS = KPI_MEASURE_KEYS.map((k) => ({ value: k, label: KPI_MEASURES[k].label }));
const DIRECTION_OPTIONS = KPI_DIRECTIONS.map((d) => ({ value: d, label: KPI_DIRECTION_LABELS[d] }));

/** KPI types: search, filters by measure, direction and state, sortable table, export; actions by key. */
export default function KpiTypeListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const kpiTypes = useKpiTypes(toQuery(params));
  const exporter = useExportKpiTypes();
  const canCreate = useCan(['kpi_types.create']);
  const canShow = useCan(['kpi_types.show', 'kpi_types.edit']);
  const canEdit = useCan(['kpi_types.edit']);

  const columns: TableColumnsType<KpiType> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'name',
      title: 'Tên loại KPI',
      width: 280,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, k) => (canShow ? <Link to={urlFor('kpi_types.show', { id: k.id })}>{k.name}</Link> : k.name),
    },
    {
      key: 'measure',
      title: 'Cách đo',
      width: 250,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'measure'),
      render: (_, k) => <MeasureTag measure={k.measure} />,
    },
    {
      key: 'direction',
      title: 'Chiều đánh giá',
      width: 170,
      responsive: ['lg'],
      render: (_, k) => <DirectionTag direction={k.direction} />,
    },
    {
      key: 'default_weight',
      title: 'Trọng số',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'default_weight'),
      render: (_, k) => `${k.default_weight}%`,
    },
    {
      key: 'default_target',
      title: 'Chỉ tiêu',
      width: 130,
      align: 'right',
      render: (_, k) => formatKpiNumber(k.default_target, k.unit),
    },
    { key: 'active', title: 'Trạng thái', width: 150, render: (_, k) => <ActiveTag active={k.active} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 140,
            render: (_: unknown, k: KpiType) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('kpi_types.edit', { id: k.id }))}
                  aria-label={`Sửa loại KPI ${k.name}`}
                >
                  Sửa
                </Button>
                <DeleteKpiTypeButton kpiType={k} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<KpiType>
      title="Loại KPI"
      subtitle="Các chỉ tiêu dùng trong kỳ đánh giá: nhập tay hoặc tự tính từ công việc và yêu cầu của nhân viên."
      list={list}
      query={kpiTypes}
      columns={columns}
      noun="loại KPI"
      scrollX={1350}
      exporter={exporter}
      create={canCreate && { label: 'Thêm loại KPI', to: urlFor('kpi_types.create') }}
      search={{ placeholder: 'Tìm theo mã, tên' }}
      filters={
        <>
          <CsvSelect
            placeholder="Cách đo"
            options={MEASURE_OPTIONS}
            value={params.filters.measure}
            onChange={(measure) => update({ measure })}
            width={260}
          />
          <Select
            aria-label="Lọc theo chiều đánh giá"
            placeholder="Chiều đánh giá"
            allowClear
            style={{ width: 190 }}
            options={DIRECTION_OPTIONS}
            value={params.filters.direction}
            onChange={(v?: string) => update({ direction: v ?? null })}
          />
          <ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />
        </>
      }
      emptyText="Chưa có loại KPI nào"
    />
  );
}
