import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateWork } from '../api/works-api';
import { EMPTY_WORK, toWorkBody, WorkForm, type WorkFormValues } from '../components/work-form';

export default function WorkCreatePage() {
  const [form] = Form.useForm<WorkFormValues>();
  const navigate = useNavigate();
  const create = useCreateWork();

  const onFinish = async (values: WorkFormValues) => {
    try {
      const work = await create.mutateAsync(toWorkBody(values));
      notifySuccess(`Đã tạo công việc ${work.code}.`);
      navigate(urlFor('works.show', { id: work.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm công việc" subtitle="Công việc ngoài quy trình: giao cho một người, theo dõi tiến độ và kết quả." />
      <WorkForm
        form={form}
        initialValues={EMPTY_WORK}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('works.my_work'))}
        submitting={create.isPending}
        submitLabel="Tạo công việc"
      />
    </>
  );
}
