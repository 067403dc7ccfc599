import { EditOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { type Equipment, IDENTIFIER_LABELS } from '@qlcv/common/schemas/equipment';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useEquipmentList, useExportEquipment } from '../api/equipment-api';
import { DeleteEquipmentButton } from '../components/delete-equipment-button';
import { CALIBRATION_OPTIONS, CalibrationTag, KIND_OPTIONS, KindTag } from '../components/equipment-labels';

const FILTERS = ['kind', 'calibration', 'active'] as const;

/** The field team's instruments and vehicles (equipment.index): search, filters by kind, calibration state, use; export. */
export default function EquipmentListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const equipment = useEquipmentList(toQuery(params));
  const exporter = useExportEquipment();
  const canCreate = useCan(['equipment.create']);
  const canEdit = useCan(['equipment.edit']);
  const canOpen = useCan(['equipment.show', 'equipment.edit']);

  const columns: TableColumnsType<Equipment> = [
    // The kind under the code, the use under the name: the list fits a 1280 px screen without sideways scrolling.
    {
      key: 'code',
      title: 'Mã',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (_, e) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
          {e.code}
          <KindTag kind={e.kind} />
        </span>
      ),
    },
    {
      key: 'name',
      title: 'Tên',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, e) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 }}>
          {canOpen ? <Link to={urlFor('monitoring.equipment.edit', { id: e.id })}>{e.name}</Link> : e.name}
          {(e.model || e.identifier) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[e.model, e.identifier && `${IDENTIFIER_LABELS[e.kind]} ${e.identifier}`].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
          {!e.active && <ActiveTag active={false} />}
        </span>
      ),
    },
    {
      key: 'department',
      title: 'Bộ phận quản lý',
      width: 170,
      render: (_, e) => e.department?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'calibration_due',
      title: 'Hạn hiệu chuẩn / đăng kiểm',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'calibration_due'),
      render: (_, e) => (
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
          {e.calibration_due && <span>{formatDate(e.calibration_due)}</span>}
          <CalibrationTag state={e.calibration_state} kind={e.kind} daysLeft={e.days_left} />
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 130,
            render: (_: unknown, e: Equipment) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('monitoring.equipment.edit', { id: e.id }))}
                  aria-label={`Sửa ${e.name} ${e.code}`}
                >
                  Sửa
                </Button>
                <DeleteEquipmentButton equipment={e} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Equipment>
      title="Thiết bị, phương tiện"
      subtitle="Thiết bị đo, lấy mẫu và xe của đội hiện trường: hạn hiệu chuẩn, kiểm định, đăng kiểm; quá hạn thì không được mang đi lấy mẫu."
      list={list}
      query={equipment}
      columns={columns}
      noun="thiết bị, phương tiện"
      scrollX={900 - (canEdit ? 0 : 130)}
      exporter={exporter}
      create={canCreate && { label: 'Thêm thiết bị', to: urlFor('monitoring.equipment.create') }}
      search={{ placeholder: 'Tìm theo mã, tên, model, số sê-ri, biển số' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo loại"
            placeholder="Loại"
            allowClear
            style={{ width: 160 }}
            options={KIND_OPTIONS}
            value={params.filters.kind}
            onChange={(v?: string) => update({ kind: v ?? null })}
          />
          <Select
            aria-label="Lọc theo hạn hiệu chuẩn"
            placeholder="Hạn hiệu chuẩn / đăng kiểm"
            allowClear
            style={{ width: 230 }}
            options={CALIBRATION_OPTIONS}
            value={params.filters.calibration}
            onChange={(v?: string) => update({ calibration: v ?? null })}
          />
          <ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />
        </>
      }
      emptyText={
        canCreate
          ? 'Chưa có thiết bị, phương tiện nào. Thêm máy đo, thiết bị lấy mẫu và xe của đội hiện trường cùng hạn hiệu chuẩn, đăng kiểm.'
          : 'Chưa có thiết bị, phương tiện nào. Người được phân quyền sẽ thêm vào danh sách.'
      }
    />
  );
}
