import type { Department } from '@qlcv/common/schemas/departments';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useDepartment, useUpdateDepartment } from '../api/departments-api';
import { DepartmentForm, type DepartmentFormValues, toDepartmentBody } from '../components/department-form';

export default function DepartmentEditPage() {
  const id = Number(useParams().id);
  const department = useDepartment(id);
  const navigate = useNavigate();

  if (department.isPending) return <LoadingCard />;
  if (department.isError)
    return (
      <LoadError
        error={department.error}
        onRetry={() => department.refetch()}
        notFoundTitle="Không tìm thấy phòng ban"
        back={<Button onClick={() => navigate(urlFor('departments.index'))}>Về danh sách phòng ban</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditDepartmentForm
      key={department.data.version}
      department={department.data}
      onReload={() => department.refetch()}
      reloading={department.isFetching}
    />
  );
}

function EditDepartmentForm({
  department,
  onReload,
  reloading,
}: {
  department: Department;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<DepartmentFormValues>();
  const navigate = useNavigate();
  const update = useUpdateDepartment(department.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: DepartmentFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toDepartmentBody(values), version: department.version });
      notifySuccess(`Đã lưu phòng ban “${saved.name}”.`);
      navigate(urlFor('departments.show', { id: department.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa phòng ban: ${department.name}`}
        extra={<Link to={urlFor('departments.show', { id: department.id })}>Xem chi tiết</Link>}
      />
      <DepartmentForm
        form={form}
        initialValues={{
          code: department.code,
          name: department.name,
          parent_id: department.parent_id,
          head_id: department.head_id,
          description: department.description,
        }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('departments.show', { id: department.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        departmentId={department.id}
        currentHead={department.head}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
