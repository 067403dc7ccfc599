import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { USER_STATUS_LABELS } from '@qlcv/common/labels';
import type { User } from '@qlcv/common/schemas/users';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { UserAvatar } from '@/components/user-avatar';
import { useCan } from '@/lib/permissions/can';
import { MOBILE_LABEL } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { useExportUsers, useRoleOptions } from '../api/users-api';
import { useUsers } from '../api/users-list-api';
import { LockToggleButton } from '../components/lock-toggle-button';
import { UserStatusTag } from '../components/user-status-tag';

const FILTERS = ['role_id', 'department_id', 'status'] as const;

/** Users: search, filters by role / department / status, sortable paged table, export, lock / unlock. */
export default function UserListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const { params, update } = list;
  const users = useUsers(toQuery(params));
  // The role and department filters need the lists they pick from.
  const canFilterRole = useCan(['roles.index', 'users.create', 'users.edit']);
  const roles = useRoleOptions(canFilterRole);
  const exporter = useExportUsers();
  const canCreate = useCan(['users.create']);
  const canShow = useCan(['users.show', 'users.edit']);
  const canEdit = useCan(['users.edit']);

  const columns: TableColumnsType<User> = [
    {
      key: 'code',
      title: 'Mã NV',
      dataIndex: 'code',
      width: 90,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Họ tên',
      width: 230,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, u) => (
        <Space size={10} align="center">
          <UserAvatar name={u.name} src={u.avatar} size={32} />
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            {canShow ? <Link to={urlFor('users.show', { id: u.id })}>{u.name}</Link> : u.name}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {u.username}
            </Typography.Text>
          </span>
        </Space>
      ),
    },
    {
      key: 'mobile',
      title: MOBILE_LABEL,
      width: 120,
      responsive: ['lg'],
      render: (_, u) => u.mobile ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'role', title: 'Vai trò', render: (_, u) => u.role.name },
    {
      key: 'department',
      title: 'Phòng ban',
      responsive: ['md'],
      render: (_, u) => u.department?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'status', title: 'Trạng thái', width: 140, render: (_, u) => <UserStatusTag status={u.status} /> },
    {
      key: 'last_login_at',
      title: 'Đăng nhập gần nhất',
      width: 150,
      responsive: ['xxl'],
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'last_login_at'),
      render: (_, u) =>
        u.last_login_at ? formatDateTime(u.last_login_at) : <Typography.Text type="secondary">Chưa đăng nhập</Typography.Text>,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 150,
            render: (_: unknown, u: User) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('users.edit', { id: u.id }))}
                  aria-label={`Sửa người dùng ${u.name}`}
                >
                  Sửa
                </Button>
                <LockToggleButton user={u} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<User>
      title="Người dùng"
      subtitle="Tài khoản nhân viên, vai trò và phòng ban."
      list={list}
      query={users}
      columns={columns}
      noun="người dùng"
      scrollX={1000}
      exporter={exporter}
      create={canCreate && { label: 'Thêm người dùng', to: urlFor('users.create') }}
      search={{ placeholder: 'Tìm theo tên, mã NV, email, SĐT', width: 320 }}
      filters={
        <>
          {canFilterRole && (
            <Select
              aria-label="Lọc theo vai trò"
              placeholder="Vai trò"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              options={roles.data}
              loading={roles.isPending}
              value={params.filters.role_id ? Number(params.filters.role_id) : undefined}
              onChange={(v?: number) => update({ role_id: v ?? null })}
            />
          )}
          <DepartmentTreeSelect
            aria-label="Lọc theo phòng ban"
            placeholder="Phòng ban"
            style={{ width: 220 }}
            value={params.filters.department_id ? Number(params.filters.department_id) : null}
            onChange={(v) => update({ department_id: v })}
          />
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 170 }}
            options={Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            value={params.filters.status}
            onChange={(v?: string) => update({ status: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có người dùng nào"
    />
  );
}
