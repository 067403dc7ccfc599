import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateParameter } from '../api/parameters-api';
import { EMPTY_PARAMETER, ParameterForm, type ParameterFormValues, toParameterBody } from '../components/parameter-form';

/** New parameter (monitoring.create, as the route). */
export default function ParameterCreatePage() {
  const [form] = Form.useForm<ParameterFormValues>();
  const navigate = useNavigate();
  const create = useCreateParameter();
  const back = () => navigate(urlFor('monitoring.parameters.index'));

  const onFinish = async (values: ParameterFormValues) => {
    try {
      const parameter = await create.mutateAsync(toParameterBody(values));
      notifySuccess(`Đã thêm chỉ tiêu “${parameter.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm chỉ tiêu"
        subtitle="Chỉ tiêu quan trắc mới: thành phần môi trường, đơn vị, phương pháp, giới hạn và thời gian lưu mẫu."
      />
      <ParameterForm
        form={form}
        initialValues={EMPTY_PARAMETER}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Thêm chỉ tiêu"
      />
    </>
  );
}
