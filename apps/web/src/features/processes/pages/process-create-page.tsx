import { Form, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateProcess } from '../api/processes-api';
import { EMPTY_PROCESS, ProcessForm, type ProcessFormValues, toProcessBody } from '../components/process-form';

export default function ProcessCreatePage() {
  const [form] = Form.useForm<ProcessFormValues>();
  const navigate = useNavigate();
  const create = useCreateProcess();

  const onFinish = async (values: ProcessFormValues) => {
    try {
      const process = await create.mutateAsync(toProcessBody(values));
      notifySuccess(`Đã thêm quy trình “${process.name}”. Hãy thêm các bước xử lý.`);
      navigate(urlFor('processes.show', { id: process.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm quy trình" subtitle="Đặt mã, tên quy trình; các bước được thêm sau khi lưu." />
      <ProcessForm
        form={form}
        initialValues={EMPTY_PROCESS}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('processes.index'))}
        submitting={create.isPending}
        submitLabel="Thêm quy trình"
        footer={
          <Typography.Text type="secondary">
            Sau khi lưu, bạn sẽ thêm các bước: phòng ban phụ trách, người phụ trách mặc định và thời hạn của từng bước.
          </Typography.Text>
        }
      />
    </>
  );
}
