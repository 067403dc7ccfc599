import type { ProgramDetail } from '@qlcv/common/schemas/monitoring-programs';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { placeNestedErrors } from '@/features/customers';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useMonitoringProgram, useUpdateMonitoringProgram } from '../api/monitoring-programs-api';
import { ProgramForm, type ProgramFormValues, toProgramBody, toProgramValues } from '../components/program-form';

export default function ProgramEditPage() {
  const id = Number(useParams().id);
  const program = useMonitoringProgram(id);
  const navigate = useNavigate();

  if (program.isPending) return <LoadingCard rows={10} />;
  if (program.isError)
    return (
      <LoadError
        error={program.error}
        onRetry={() => program.refetch()}
        notFoundTitle="Không tìm thấy chương trình quan trắc"
        back={<Button onClick={() => navigate(urlFor('monitoring.programs.index'))}>Về danh sách chương trình</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditProgramForm
      key={program.data.version}
      program={program.data}
      onReload={() => program.refetch()}
      reloading={program.isFetching}
    />
  );
}

function EditProgramForm({ program, onReload, reloading }: { program: ProgramDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<ProgramFormValues>();
  const navigate = useNavigate();
  const update = useUpdateMonitoringProgram(program.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: ProgramFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toProgramBody(values), version: program.version });
      notifySuccess(`Đã lưu chương trình “${saved.name}”.`);
      navigate(urlFor('monitoring.programs.show', { id: program.id }));
    } catch (error) {
      // A round already moved: not someone else's save, the period and lines are fixed now.
      if (error instanceof ApiError && error.code === 'PROGRAM_STARTED') notifyError(error.message);
      else if (!placeNestedErrors(form, error)) handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa chương trình: ${program.name}`}
        subtitle={`Mã chương trình ${program.code}`}
        extra={<Link to={urlFor('monitoring.programs.show', { id: program.id })}>Xem chi tiết</Link>}
      />
      <ProgramForm
        form={form}
        initialValues={toProgramValues(program)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('monitoring.programs.show', { id: program.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        program={program}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
