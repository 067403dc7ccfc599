import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateDepartment } from '../api/departments-api';
import { DepartmentForm, type DepartmentFormValues, toDepartmentBody } from '../components/department-form';

/** New department; `?parent_id=N` (from a department's page) pre-selects its parent. */
export default function DepartmentCreatePage() {
  const [form] = Form.useForm<DepartmentFormValues>();
  const navigate = useNavigate();
  const create = useCreateDepartment();
  const parentId = Number(useSearchParams()[0].get('parent_id'));

  const onFinish = async (values: DepartmentFormValues) => {
    try {
      const department = await create.mutateAsync(toDepartmentBody(values));
      notifySuccess(`Đã thêm phòng ban “${department.name}”.`);
      navigate(urlFor('departments.show', { id: department.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm phòng ban" subtitle="Đặt mã, tên, phòng ban cấp trên và trưởng phòng." />
      <DepartmentForm
        form={form}
        initialValues={{
          code: '',
          name: '',
          parent_id: Number.isInteger(parentId) && parentId > 0 ? parentId : null,
          head_id: null,
          description: null,
        }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('departments.index'))}
        submitting={create.isPending}
        submitLabel="Thêm phòng ban"
      />
    </>
  );
}
