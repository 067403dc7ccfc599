import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { Department } from '@qlcv/common/schemas/departments';
import { Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useDepartment, useDepartments, useDepartmentUsers } from '../api/departments-api';
import { DeleteDepartmentButton } from '../components/delete-department-button';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** The fields a change in the department's "Lịch sử" lists. */
const HISTORY_FIELDS = { code: 'Mã', name: 'Tên phòng ban', parent: 'Trực thuộc', head: 'Trưởng phòng', description: 'Mô tả' };

export default function DepartmentShowPage() {
  const id = Number(useParams().id);
  const department = useDepartment(id);
  const navigate = useNavigate();
  const canEdit = useCan(['departments.edit']);
  const canCreate = useCan(['departments.create']);
  const canOpenUser = useCan(['users.show', 'users.edit']);

  if (department.isPending) return <LoadingCard rows={8} />;
  if (department.isError)
    return (
      <LoadError
        error={department.error}
        onRetry={() => department.refetch()}
        notFoundTitle="Không tìm thấy phòng ban"
        back={<Button onClick={() => navigate(urlFor('departments.index'))}>Về danh sách phòng ban</Button>}
      />
    );
  const d = department.data;
  const userLink = (u: { id: number; name: string }) =>
    canOpenUser ? <Link to={urlFor('users.show', { id: u.id })}>{u.name}</Link> : u.name;

  return (
    <>
      <PageHeader
        title={d.name}
        subtitle={`Mã phòng ban ${d.code}`}
        extra={
          <>
            {canEdit && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('departments.edit', { id: d.id }))}>
                Sửa
              </Button>
            )}
            {canCreate && (
              <Button icon={<PlusOutlined />} onClick={() => navigate(`${urlFor('departments.create')}?parent_id=${d.id}`)}>
                Thêm phòng ban trực thuộc
              </Button>
            )}
            {canEdit && (
              <DeleteDepartmentButton
                department={d}
                type="default"
                onDeleted={() => navigate(urlFor('departments.index'), { replace: true })}
              />
            )}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin phòng ban">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã phòng ban', children: d.code },
                  { key: 'name', label: 'Tên phòng ban', children: d.name },
                  {
                    key: 'parent',
                    label: 'Trực thuộc',
                    children: d.parent ? (
                      <Link to={urlFor('departments.show', { id: d.parent.id })}>{d.parent.name}</Link>
                    ) : (
                      'Cấp cao nhất'
                    ),
                  },
                  { key: 'head', label: 'Trưởng phòng', children: d.head ? userLink(d.head) : 'Chưa có' },
                  { key: 'users', label: 'Số nhân viên', children: d.users_count },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(d.updated_at) },
                  { key: 'desc', label: 'Mô tả', span: 'filled', children: d.description || dash },
                ]}
              />
            </Card>
            <SubDepartments department={d} />
            <Staff department={d} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="departments" id={d.id} fieldLabels={HISTORY_FIELDS} />
        </Col>
      </Row>
    </>
  );
}

function SubDepartments({ department }: { department: Department }) {
  const children = useDepartments({ parent_id: department.id, per_page: 100, sort: 'name' });
  return (
    <Card title={`Phòng ban trực thuộc${children.data ? ` (${children.data.meta.total})` : ''}`}>
      {children.isError ? (
        <LoadError plain error={children.error} onRetry={() => children.refetch()} />
      ) : (
        <Rows
          loading={children.isPending}
          empty="Chưa có phòng ban trực thuộc"
          rows={(children.data?.data ?? []).map((c) => ({
            key: c.id,
            title: <Link to={urlFor('departments.show', { id: c.id })}>{c.name}</Link>,
            description: [c.code, c.head ? `Trưởng phòng: ${c.head.name}` : null].filter(Boolean).join(' · '),
            extra: `${c.users_count} nhân viên`,
          }))}
        />
      )}
    </Card>
  );
}

/** The department's staff, when the viewer may see users. */
function Staff({ department }: { department: Department }) {
  const canSeeUsers = useCan(['users.index']);
  const canOpenUser = useCan(['users.show', 'users.edit']);
  const users = useDepartmentUsers(department.id, canSeeUsers);
  if (!canSeeUsers) return null;
  const total = users.data?.meta.total ?? 0;
  return (
    <Card
      title={`Nhân viên${users.data ? ` (${total})` : ''}`}
      extra={total > 20 && <Link to={`${urlFor('users.index')}?department_id=${department.id}`}>Xem tất cả</Link>}
    >
      {users.isError ? (
        <LoadError plain error={users.error} onRetry={() => users.refetch()} />
      ) : (
        <Rows
          loading={users.isPending}
          empty="Chưa có nhân viên nào"
          rows={(users.data?.data ?? []).map((u) => ({
            key: u.id,
            avatar: <UserAvatar name={u.name} src={u.avatar} size={32} />,
            title: canOpenUser ? <Link to={urlFor('users.show', { id: u.id })}>{u.name}</Link> : u.name,
            description: [u.position, u.role.name].filter(Boolean).join(' · '),
            extra: department.head_id === u.id ? <Tag color="cyan">Trưởng phòng</Tag> : null,
          }))}
        />
      )}
    </Card>
  );
}

interface ListRow {
  key: number;
  avatar?: ReactNode;
  title: ReactNode;
  description?: string;
  extra?: ReactNode;
}

/** A short list: optional avatar, title, one line of detail, something on the right. */
function Rows({ rows, loading, empty }: { rows: ListRow[]; loading: boolean; empty: string }) {
  if (loading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((r) => (
        <li
          key={r.key}
          style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          {r.avatar}
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35, flex: 1 }}>
            {r.title}
            {r.description && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.description}
              </Typography.Text>
            )}
          </span>
          {typeof r.extra === 'string' ? <Typography.Text type="secondary">{r.extra}</Typography.Text> : r.extra}
        </li>
      ))}
    </ul>
  );
}
