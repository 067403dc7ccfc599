import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { ADMIN_ROLE_CODE, PERMISSION_KEYS } from '@qlcv/common/permissions';
import type { Role } from '@qlcv/common/schemas/roles';
import type { User } from '@qlcv/common/schemas/users';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useRole, useRoleUsers } from '../api/roles-api';
import { DeleteRoleButton } from '../components/delete-role-button';
import { PermissionSummary } from '../components/permission-summary';
import { ROLE_HISTORY } from '../components/role-history';

export default function RoleShowPage() {
  const id = Number(useParams().id);
  const role = useRole(id);
  const navigate = useNavigate();
  const canEdit = useCan(['roles.edit']);

  if (role.isPending) return <LoadingCard rows={10} />;
  if (role.isError)
    return (
      <LoadError
        error={role.error}
        onRetry={() => role.refetch()}
        notFoundTitle="Không tìm thấy vai trò"
        back={<Button onClick={() => navigate(urlFor('roles.index'))}>Về danh sách vai trò</Button>}
      />
    );
  const r = role.data;

  return (
    <>
      <PageHeader
        title={
          <Space size={8} wrap>
            {r.name}
            {r.is_system && <Tag color="gold">Hệ thống</Tag>}
          </Space>
        }
        subtitle={r.description ?? undefined}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('roles.edit', { id: r.id }))}>
                Sửa
              </Button>
              <DeleteRoleButton role={r} type="default" onDeleted={() => navigate(urlFor('roles.index'), { replace: true })} />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin vai trò">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã vai trò', children: <Typography.Text code>{r.code}</Typography.Text> },
                  { key: 'name', label: 'Tên vai trò', children: r.name },
                  { key: 'users', label: 'Số người dùng', children: r.users_count },
                  { key: 'perms', label: 'Số quyền', children: `${r.permissions.length}/${PERMISSION_KEYS.length}` },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(r.created_at) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(r.updated_at) },
                  { key: 'desc', label: 'Mô tả', span: 'filled', children: r.description || '—' },
                ]}
              />
            </Card>
            <Card title="Quyền được cấp">
              {r.code === ADMIN_ROLE_CODE && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="Vai trò quản trị luôn có toàn bộ quyền và không thể bỏ bớt."
                />
              )}
              <PermissionSummary keys={r.permissions} />
            </Card>
            <RoleUsers role={r} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="roles" id={r.id} {...ROLE_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

/** Who holds the role (first ten), when the viewer may see users. */
function RoleUsers({ role }: { role: Role }) {
  const canSeeUsers = useCan(['users.index']);
  const canOpenUser = useCan(['users.show', 'users.edit']);
  const users = useRoleUsers(role.id, canSeeUsers);
  if (!canSeeUsers) return null;
  const total = users.data?.meta.total ?? 0;
  return (
    <Card
      title={`Người dùng có vai trò này${users.data ? ` (${total})` : ''}`}
      extra={total > 0 && <Link to={`${urlFor('users.index')}?role_id=${role.id}`}>Xem tất cả</Link>}
    >
      {users.isError ? (
        <Typography.Text type="danger">
          Không tải được danh sách người dùng: {users.error.message}{' '}
          <Button size="small" onClick={() => users.refetch()}>
            Thử lại
          </Button>
        </Typography.Text>
      ) : (
        <PersonRows
          loading={users.isPending}
          people={users.data?.data ?? []}
          empty="Chưa có người dùng nào có vai trò này"
          link={canOpenUser ? (u) => urlFor('users.show', { id: u.id }) : undefined}
        />
      )}
    </Card>
  );
}

/** A short list of people: avatar, name (linked when allowed), position and department. */
function PersonRows({
  people,
  loading,
  empty,
  link,
}: {
  people: User[];
  loading: boolean;
  empty: string;
  link?: (u: User) => string;
}) {
  if (loading) return <Skeleton active avatar paragraph={{ rows: 1 }} />;
  if (people.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {people.map((u) => (
        <li
          key={u.id}
          style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          <UserAvatar name={u.name} src={u.avatar} size={32} />
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            {link ? <Link to={link(u)}>{u.name}</Link> : <Typography.Text>{u.name}</Typography.Text>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[u.position, u.department?.name].filter(Boolean).join(' · ') || u.username}
            </Typography.Text>
          </span>
        </li>
      ))}
    </ul>
  );
}
