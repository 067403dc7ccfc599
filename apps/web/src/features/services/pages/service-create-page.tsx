import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import ForbiddenPage from '@/pages/forbidden-page';
import { useCreateService } from '../api/services-api';
import { EMPTY_SERVICE, ServiceForm, type ServiceFormValues, toServiceBody } from '../components/service-form';

/** New service; the route needs a sign-in only, adding needs settings.edit. */
export default function ServiceCreatePage() {
  const canEdit = useCan(['settings.edit']);
  const [form] = Form.useForm<ServiceFormValues>();
  const navigate = useNavigate();
  const create = useCreateService();

  const onFinish = async (values: ServiceFormValues) => {
    try {
      const service = await create.mutateAsync(toServiceBody(values));
      notifySuccess(`Đã thêm dịch vụ “${service.name}”.`);
      navigate(urlFor('master_data.index'));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  if (!canEdit) return <ForbiddenPage />;
  return (
    <>
      <PageHeader title="Thêm dịch vụ" subtitle="Dịch vụ mới của danh mục, dùng để lập hợp đồng." />
      <ServiceForm
        form={form}
        initialValues={EMPTY_SERVICE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('master_data.index'))}
        submitting={create.isPending}
        submitLabel="Thêm dịch vụ"
      />
    </>
  );
}
