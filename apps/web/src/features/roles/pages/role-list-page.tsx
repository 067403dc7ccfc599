import { EditOutlined } from '@ant-design/icons';
import { truncateWords } from '@qlcv/common/format/text';
import type { Role } from '@qlcv/common/schemas/roles';
import { Button, Card, Empty, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SearchInput, ServerTable, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ExportButton } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportRoles, useRoles } from '../api/roles-api';
import { DeleteRoleButton } from '../components/delete-role-button';

/** Roles: search, sortable paged table, export; actions by key. */
export default function RoleListPage() {
  const navigate = useNavigate();
  const { params, update } = useListParams({ sort: 'name' });
  const roles = useRoles(toQuery(params));
  const exporter = useExportRoles();
  const canCreate = useCan(['roles.create']);
  const canShow = useCan(['roles.show', 'roles.edit']);
  const canEdit = useCan(['roles.edit']);

  // A page past the end (e.g. after a delete) goes to the last page.

  const columns: TableColumnsType<Role> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (code: string, role) => (
        <Space size={6} wrap>
          <Typography.Text code>{code}</Typography.Text>
          {role.is_system && <Tag color="gold">Hệ thống</Tag>}
        </Space>
      ),
    },
    {
      key: 'name',
      title: 'Tên vai trò',
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (name: string, role) => (canShow ? <Link to={urlFor('roles.show', { id: role.id })}>{name}</Link> : name),
    },
    {
      key: 'description',
      title: 'Mô tả',
      dataIndex: 'description',
      responsive: ['md'],
      render: (text: string | null) => (text ? truncateWords(text) : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { key: 'users_count', title: 'Số người dùng', dataIndex: 'users_count', align: 'right', width: 140 },
    {
      key: 'permissions',
      title: 'Số quyền',
      align: 'right',
      width: 100,
      render: (_, role) => role.permissions.length,
    },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 170,
      render: (_, role) => (
        <Space size={0}>
          {canEdit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(urlFor('roles.edit', { id: role.id }))}
              aria-label={`Sửa vai trò ${role.name}`}
            >
              Sửa
            </Button>
          )}
          {canEdit && <DeleteRoleButton role={role} size="small" />}
        </Space>
      ),
    },
  ];

  const empty = params.search ? (
    <Empty description={`Không tìm thấy vai trò nào khớp với “${params.search}”`}>
      <Button onClick={() => update({ search: null })}>Xóa tìm kiếm</Button>
    </Empty>
  ) : (
    <Empty description="Chưa có vai trò nào">
      {canCreate && <CreateButton label="Thêm vai trò" to={urlFor('roles.create')} />}
    </Empty>
  );

  return (
    <>
      <PageHeader
        title="Vai trò"
        subtitle="Mỗi vai trò là một bộ quyền; người dùng được gán một vai trò."
        extra={
          <>
            <ExportButton exporter={exporter} query={{ search: params.search || undefined, sort: params.sort }} />
            {canCreate && <CreateButton label="Thêm vai trò" to={urlFor('roles.create')} />}
          </>
        }
      />
      <Card>
        <div style={{ marginBottom: 16 }}>
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo mã, tên, mô tả" />
        </div>
        <ServerTable<Role>
          query={roles}
          columns={columns}
          params={params}
          update={update}
          noun="vai trò"
          empty={empty}
          scrollX={800}
        />
      </Card>
    </>
  );
}
