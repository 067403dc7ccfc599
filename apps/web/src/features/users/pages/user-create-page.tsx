import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateUser } from '../api/users-api';
import { EMPTY_USER, toUserBody, UserForm, type UserFormValues } from '../components/user-form';

export default function UserCreatePage() {
  const [form] = Form.useForm<UserFormValues>();
  const navigate = useNavigate();
  const create = useCreateUser();

  const onFinish = async (values: UserFormValues) => {
    try {
      const user = await create.mutateAsync({ ...toUserBody(values), password: values.password });
      notifySuccess(`Đã thêm người dùng “${user.name}” (${user.code}).`);
      navigate(urlFor('users.show', { id: user.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm người dùng" subtitle="Tạo tài khoản cho nhân viên; mã nhân viên được cấp tự động." />
      <UserForm
        form={form}
        initialValues={EMPTY_USER}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('users.index'))}
        submitting={create.isPending}
        submitLabel="Thêm người dùng"
      />
    </>
  );
}
