import { ADMIN_ROLE_CODE } from '@qlcv/common/permissions';
import type { Role } from '@qlcv/common/schemas/roles';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useRole, useUpdateRole } from '../api/roles-api';
import { RoleForm, type RoleFormValues } from '../components/role-form';

const toValues = (role: Role): RoleFormValues => ({
  code: role.code,
  name: role.name,
  description: role.description,
  permissions: role.permissions,
});

export default function RoleEditPage() {
  const id = Number(useParams().id);
  const role = useRole(id);
  const navigate = useNavigate();

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
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return <EditRoleForm key={role.data.version} role={role.data} onReload={() => role.refetch()} reloading={role.isFetching} />;
}

function EditRoleForm({ role, onReload, reloading }: { role: Role; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<RoleFormValues>();
  const navigate = useNavigate();
  const update = useUpdateRole(role.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const isAdmin = role.code === ADMIN_ROLE_CODE;

  const onFinish = async (values: RoleFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        description: values.description?.trim() || null,
        permissions: values.permissions ?? [],
        version: role.version,
      });
      notifySuccess(`Đã lưu vai trò “${saved.name}”.`);
      navigate(urlFor('roles.show', { id: role.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa vai trò: ${role.name}`}
        extra={<Link to={urlFor('roles.show', { id: role.id })}>Xem chi tiết</Link>}
      />
      <RoleForm
        form={form}
        initialValues={toValues(role)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('roles.show', { id: role.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        isAdmin={isAdmin}
        lockCode={role.is_system}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
