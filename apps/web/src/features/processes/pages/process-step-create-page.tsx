import type { ProcessDetail } from '@qlcv/common/schemas/processes';
import { Button, Form } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateProcessStep, useProcess } from '../api/processes-api';
import { emptyStep, StepForm, type StepFormValues, toStepBody } from '../components/step-form';

/** processes/:id/steps/create: a new step of the process, last unless placed elsewhere. */
export default function ProcessStepCreatePage() {
  const id = Number(useParams().id);
  const process = useProcess(id);
  const navigate = useNavigate();

  if (process.isPending) return <LoadingCard />;
  if (process.isError)
    return (
      <LoadError
        error={process.error}
        onRetry={() => process.refetch()}
        notFoundTitle="Không tìm thấy quy trình"
        back={<Button onClick={() => navigate(urlFor('processes.index'))}>Về danh sách quy trình</Button>}
      />
    );
  return <CreateStepForm process={process.data} />;
}

function CreateStepForm({ process }: { process: ProcessDetail }) {
  const [form] = Form.useForm<StepFormValues>();
  const navigate = useNavigate();
  const create = useCreateProcessStep(process.id);
  const back = () => navigate(urlFor('processes.show', { id: process.id }));

  const onFinish = async (values: StepFormValues) => {
    try {
      const step = await create.mutateAsync({ ...toStepBody(values), position: values.position });
      notifySuccess(`Đã thêm bước “${step.name}” vào quy trình.`);
      back();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm bước quy trình"
        subtitle={
          <>
            Quy trình <Link to={urlFor('processes.show', { id: process.id })}>{process.name}</Link>
          </>
        }
      />
      <StepForm
        form={form}
        initialValues={emptyStep(process)}
        process={process}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Thêm bước"
      />
    </>
  );
}
