import { ClearOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  KPI_DIRECTION_LABELS,
  KPI_DIRECTIONS,
  KPI_MEASURE_KEYS,
  KPI_MEASURES,
  type KpiType,
} from '@qlcv/common/schemas/kpi-types';
import { Button, Card, Empty, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  ClearFiltersLink,
  CsvSelect,
  SearchInput,
  ServerTable,
  sortOrderOf,
  toExportQuery,
  toQuery,
  useListParams,
} from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { ActiveTag } from '@/features/request-types/components/request-type-tags';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportKpiTypes, useKpiTypes } from '../api/kpi-types-api';
import { DeleteKpiTypeButton } from '../components/delete-kpi-type-button';
import { DirectionTag, formatKpiNumber, MeasureTag } from '../components/kpi-type-tags';

const FILTERS = ['measure', 'direction', 'active'] as const;
const MEASURE_OPTIONS = KPI_MEASURE_KEYS.map((k) => ({ value: k, label: KPI_MEASURES[k].label }));
const DIRECTION_OPTIONS = KPI_DIRECTIONS.map((d) => ({ value: d, label: KPI_DIRECTION_LABELS[d] }));
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Đang sử dụng' },
  { value: 'false', label: 'Ngừng sử dụng' },
];

/** KPI types: search, filters by measure, direction and state, sortable table, export; actions by key. */
export default function KpiTypeListPage() {
  const navigate = useNavigate();
  const { params, update, filtered, clear } = useListParams({ sort: 'code', filters: FILTERS });
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

  const create = canCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('kpi_types.create'))}>
      Thêm loại KPI
    </Button>
  );
  const empty = filtered ? (
    <Empty description="Không tìm thấy loại KPI nào phù hợp với điều kiện lọc">
      <Button icon={<ClearOutlined />} onClick={clear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description="Chưa có loại KPI nào">{create}</Empty>
  );

  return (
    <>
      <PageHeader
        title="Loại KPI"
        subtitle="Các chỉ tiêu dùng trong kỳ đánh giá: nhập tay hoặc tự tính từ công việc và yêu cầu của nhân viên."
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate(toExportQuery(params))}
            >
              Xuất Excel
            </Button>
            {create}
          </>
        }
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo mã, tên" />
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
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 170 }}
            options={ACTIVE_OPTIONS}
            value={params.filters.active}
            onChange={(v?: string) => update({ active: v ?? null })}
          />
          {filtered && <ClearFiltersLink onClick={clear} />}
        </Space>
        <ServerTable<KpiType>
          query={kpiTypes}
          columns={columns}
          params={params}
          update={update}
          noun="loại KPI"
          empty={empty}
          scrollX={1350}
        />
      </Card>
    </>
  );
}
