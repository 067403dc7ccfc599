import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateRequest } from '../api/requests-api';
import { EMPTY_REQUEST, RequestForm, type RequestFormValues, toRequestBody } from '../components/request-form';

export default function RequestCreatePage() {
  const [form] = Form.useForm<RequestFormValues>();
  const navigate = useNavigate();
  const create = useCreateRequest();

  const onFinish = async (values: RequestFormValues) => {
    try {
      const request = await create.mutateAsync(toRequestBody(values));
      notifySuccess(`Đã tạo yêu cầu ${request.code}.`);
      navigate(urlFor('requests.show', { id: request.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm yêu cầu" subtitle="Ghi nhận yêu cầu của khách hàng gửi qua điện thoại, email hoặc trực tiếp." />
      <RequestForm
        form={form}
        initialValues={EMPTY_REQUEST}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('requests.index'))}
        submitting={create.isPending}
        submitLabel="Tạo yêu cầu"
      />
    </>
  );
}
