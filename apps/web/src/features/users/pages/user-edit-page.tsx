import type { User } from '@qlcv/common/schemas/users';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useUpdateUser, useUser } from '../api/users-api';
import { fromDate, toUserBody, UserForm, type UserFormValues } from '../components/user-form';

const toValues = (u: User): UserFormValues => ({
  name: u.name,
  username: u.username,
  email: u.email,
  mobile: u.mobile,
  role_id: u.role_id,
  department_id: u.department_id,
  position: u.position,
  gender: (u.gender as UserFormValues['gender']) ?? null,
  birthday: fromDate(u.birthday),
  joined_at: fromDate(u.joined_at),
  address: u.address,
  password: '',
  password_confirmation: '',
});

export default function UserEditPage() {
  const id = Number(useParams().id);
  const user = useUser(id);
  const navigate = useNavigate();

  if (user.isPending) return <LoadingCard rows={12} />;
  if (user.isError)
    return (
      <LoadError
        error={user.error}
        onRetry={() => user.refetch()}
        notFoundTitle="Không tìm thấy người dùng"
        back={<Button onClick={() => navigate(urlFor('users.index'))}>Về danh sách người dùng</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return <EditUserForm key={user.data.version} user={user.data} onReload={() => user.refetch()} reloading={user.isFetching} />;
}

function EditUserForm({ user, onReload, reloading }: { user: User; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<UserFormValues>();
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: UserFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({
        ...toUserBody(values),
        ...(values.password ? { password: values.password } : {}),
        version: user.version,
      });
      notifySuccess(values.password ? `Đã lưu “${saved.name}” và đặt mật khẩu mới.` : `Đã lưu người dùng “${saved.name}”.`);
      navigate(urlFor('users.show', { id: user.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa người dùng: ${user.name}`}
        subtitle={`Mã nhân viên ${user.code}`}
        extra={<Link to={urlFor('users.show', { id: user.id })}>Xem chi tiết</Link>}
      />
      <UserForm
        form={form}
        initialValues={toValues(user)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('users.show', { id: user.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        editing
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
