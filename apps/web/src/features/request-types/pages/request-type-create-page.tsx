import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateRequestType } from '../api/request-types-api';
import {
  EMPTY_REQUEST_TYPE,
  RequestTypeForm,
  type RequestTypeFormValues,
  toRequestTypeBody,
} from '../components/request-type-form';

/** New request type; `?process_id=N` pre-selects its process. */
export default function RequestTypeCreatePage() {
  const [form] = Form.useForm<RequestTypeFormValues>();
  const navigate = useNavigate();
  const create = useCreateRequestType();
  const processId = Number(useSearchParams()[0].get('process_id'));

  const onFinish = async (values: RequestTypeFormValues) => {
    try {
      const type = await create.mutateAsync(toRequestTypeBody(values));
      notifySuccess(`Đã thêm loại yêu cầu “${type.name}”.`);
      navigate(urlFor('request_types.show', { id: type.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm loại yêu cầu"
        subtitle="Chọn quy trình xử lý và cho biết loại yêu cầu có hiển thị trên trang công khai không."
      />
      <RequestTypeForm
        form={form}
        initialValues={{ ...EMPTY_REQUEST_TYPE, process_id: Number.isInteger(processId) && processId > 0 ? processId : null }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('request_types.index'))}
        submitting={create.isPending}
        submitLabel="Thêm loại yêu cầu"
      />
    </>
  );
}
