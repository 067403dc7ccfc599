import type { ProcessDetail } from '@qlcv/common/schemas/processes';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useProcess, useUpdateProcess } from '../api/processes-api';
import { ProcessForm, type ProcessFormValues, toProcessBody } from '../components/process-form';

export default function ProcessEditPage() {
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
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditProcessForm
      key={process.data.version}
      process={process.data}
      onReload={() => process.refetch()}
      reloading={process.isFetching}
    />
  );
}

function EditProcessForm({ process, onReload, reloading }: { process: ProcessDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<ProcessFormValues>();
  const navigate = useNavigate();
  const update = useUpdateProcess(process.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: ProcessFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toProcessBody(values), version: process.version });
      notifySuccess(`Đã lưu quy trình “${saved.name}”.`);
      navigate(urlFor('processes.show', { id: process.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa quy trình: ${process.name}`}
        subtitle={`${process.steps_count} bước · mã ${process.code}`}
        extra={<Link to={urlFor('processes.show', { id: process.id })}>Xem chi tiết và các bước</Link>}
      />
      <ProcessForm
        form={form}
        initialValues={{ code: process.code, name: process.name, description: process.description, active: process.active }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('processes.show', { id: process.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
