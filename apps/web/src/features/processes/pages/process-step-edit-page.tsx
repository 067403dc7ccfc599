import type { ProcessDetail, ProcessStep } from '@qlcv/common/schemas/processes';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useProcess, useProcessStep, useUpdateProcessStep } from '../api/processes-api';
import { StepForm, type StepFormValues, toStepBody, toStepValues } from '../components/step-form';

/** processes/steps/:id/edit: one step, with its process for context. */
export default function ProcessStepEditPage() {
  const id = Number(useParams().id);
  const step = useProcessStep(id);
  const process = useProcess(step.data?.process_id ?? 0);
  const navigate = useNavigate();

  const failed = step.isError ? step : process.isError ? process : null;
  if (failed)
    return (
      <LoadError
        error={failed.error}
        onRetry={() => failed.refetch()}
        notFoundTitle="Không tìm thấy bước quy trình"
        back={<Button onClick={() => navigate(urlFor('processes.index'))}>Về danh sách quy trình</Button>}
      />
    );
  if (!step.data || !process.data) return <LoadingCard />;
  // Keyed by version: a reload after a conflict starts the form again from the saved step.
  return (
    <EditStepForm
      key={step.data.version}
      step={step.data}
      process={process.data}
      onReload={() => Promise.all([step.refetch(), process.refetch()])}
      reloading={step.isFetching}
    />
  );
}

function EditStepForm({
  step,
  process,
  onReload,
  reloading,
}: {
  step: ProcessStep;
  process: ProcessDetail;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<StepFormValues>();
  const navigate = useNavigate();
  const update = useUpdateProcessStep(step.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('processes.show', { id: process.id }));

  const onFinish = async (values: StepFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toStepBody(values), version: step.version });
      notifySuccess(`Đã lưu bước “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa bước ${step.position}: ${step.name}`}
        subtitle={
          <>
            Quy trình <Link to={urlFor('processes.show', { id: process.id })}>{process.name}</Link>
          </>
        }
      />
      <StepForm
        form={form}
        initialValues={toStepValues(step)}
        process={process}
        step={step}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
