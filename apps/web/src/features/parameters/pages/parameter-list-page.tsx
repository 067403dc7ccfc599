import { EditOutlined } from '@ant-design/icons';
import { MEDIUM_LABELS, type Parameter } from '@qlcv/common/schemas/parameters';
import { Button, Grid, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportParameters, useParameters } from '../api/parameters-api';
import { DeleteParameterButton } from '../components/delete-parameter-button';
import { holdingText, limitText, MEDIUM_OPTIONS, PLACE_OPTIONS, PlaceTag, RecognitionTags } from '../components/parameter-labels';

const FILTERS = ['medium', 'place', 'active', 'vimcerts'] as const;

const VIMCERTS_OPTIONS = [
  { value: 'true', label: 'Có VIMCERTS' },
  { value: 'false', label: 'Chưa có VIMCERTS' },
];

/** The parameter catalogue (monitoring.index): search, filters by medium, place, use and VIMCERTS, export. */
export default function ParameterListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const parameters = useParameters(toQuery(params));
  const exporter = useExportParameters();
  const canCreate = useCan(['monitoring.create']);
  const canEdit = useCan(['monitoring.edit']);
  const canOpen = useCan(['monitoring.show', 'monitoring.edit']);

  // Wide screens (≥ 1600 px) give the method and the recognitions their own columns; below, they read under the name
  // so that the list fits a 1280 px screen. A phone's card lists the method on its own line.
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const ownMethod = !!screens.xxl || phone;
  const ownRecognition = !!screens.xxl;

  const columns: TableColumnsType<Parameter> = [
    {
      key: 'code',
      title: 'Mã',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      // The analyte under the code: what the results are compared with in a regulation.
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 }}>
          {p.code}
          {p.analyte && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="parameter-analyte">
              Mã chất: {p.analyte}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'name',
      title: 'Tên chỉ tiêu',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 }}>
          {canOpen ? <Link to={urlFor('monitoring.parameters.edit', { id: p.id })}>{p.name}</Link> : p.name}
          {!ownMethod && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {p.method}
            </Typography.Text>
          )}
          {!ownRecognition && (p.vimcerts || p.vilas) && <RecognitionTags vimcerts={p.vimcerts} vilas={p.vilas} />}
        </span>
      ),
    },
    {
      key: 'medium',
      title: 'Thành phần môi trường',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'medium'),
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
          {MEDIUM_LABELS[p.medium]}
          <PlaceTag place={p.place} />
        </span>
      ),
    },
    ...(ownMethod ? [{ key: 'method', title: 'Phương pháp', width: 210, render: (_: unknown, p: Parameter) => p.method }] : []),
    {
      key: 'limits',
      title: 'LOD / LOQ',
      width: 140,
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{p.lod || p.loq ? `${limitText(p.lod) || '—'} / ${limitText(p.loq) || '—'}` : '—'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.unit}
            {p.holding_hours ? ` · lưu mẫu ${holdingText(p.holding_hours)}` : ''}
            {p.turnaround_days ? ` · trả kết quả ${p.turnaround_days} ngày` : ''}
          </Typography.Text>
        </span>
      ),
    },
    ...(ownRecognition
      ? [
          {
            key: 'recognition',
            title: 'Công nhận',
            width: 130,
            render: (_: unknown, p: Parameter) => <RecognitionTags vimcerts={p.vimcerts} vilas={p.vilas} />,
          },
        ]
      : []),
    { key: 'active', title: 'Đang dùng', width: 150, render: (_, p) => <ActiveTag active={p.active} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 130,
            render: (_: unknown, p: Parameter) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('monitoring.parameters.edit', { id: p.id }))}
                  aria-label={`Sửa chỉ tiêu ${p.name}`}
                >
                  Sửa
                </Button>
                <DeleteParameterButton parameter={p} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Parameter>
      title="Danh mục chỉ tiêu quan trắc"
      subtitle="Chỉ tiêu đo theo từng thành phần môi trường: đơn vị, phương pháp, giới hạn phát hiện, thời gian lưu mẫu và công nhận VIMCERTS, VILAS."
      list={list}
      query={parameters}
      columns={columns}
      noun="chỉ tiêu"
      scrollX={(ownRecognition ? 1260 : 920) - (canEdit ? 0 : 130)}
      exporter={exporter}
      create={canCreate && { label: 'Thêm chỉ tiêu', to: urlFor('monitoring.parameters.create') }}
      search={{ placeholder: 'Tìm theo mã, tên, phương pháp, mã chất' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo thành phần môi trường"
            placeholder="Thành phần môi trường"
            allowClear
            style={{ width: 210 }}
            options={MEDIUM_OPTIONS}
            value={params.filters.medium}
            onChange={(v?: string) => update({ medium: v ?? null })}
          />
          <Select
            aria-label="Lọc theo nơi đo"
            placeholder="Nơi đo"
            allowClear
            style={{ width: 180 }}
            options={PLACE_OPTIONS}
            value={params.filters.place}
            onChange={(v?: string) => update({ place: v ?? null })}
          />
          <Select
            aria-label="Lọc theo VIMCERTS"
            placeholder="VIMCERTS"
            allowClear
            style={{ width: 170 }}
            options={VIMCERTS_OPTIONS}
            value={params.filters.vimcerts}
            onChange={(v?: string) => update({ vimcerts: v ?? null })}
          />
          <ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />
        </>
      }
      emptyText={
        canCreate
          ? 'Chưa có chỉ tiêu nào. Thêm các chỉ tiêu công ty đo (pH, COD, TSS, bụi…) để lập kế hoạch quan trắc.'
          : 'Chưa có chỉ tiêu nào trong danh mục. Người được phân quyền quan trắc sẽ thêm chỉ tiêu.'
      }
    />
  );
}
