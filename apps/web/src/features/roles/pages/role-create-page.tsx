import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateRole } from '../api/roles-api';
import { RoleForm, type RoleFormValues } from '../components/role-form';

const EMPTY: RoleFormValues = { code: '', name: '', description: null, permissions: [] };

export default function RoleCreatePage() {
  const [form] = Form.useForm<RoleFormValues>();
  const navigate = useNavigate();
  const create = useCreateRole();

  const onFinish = async (values: RoleFormValues) => {
    try {
      const role = await create.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        description: values.description?.trim() || null,
        permissions: values.permissions ?? [],
      });
      notifySuccess(`Đã thêm vai trò “${role.name}”.`);
      navigate(urlFor('roles.show', { id: role.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm vai trò" subtitle="Đặt mã, tên và chọn các quyền cho vai trò mới." />
      <RoleForm
        form={form}
        initialValues={EMPTY}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('roles.index'))}
        submitting={create.isPending}
        submitLabel="Thêm vai trò"
      />
    </>
  );
}
