import type { RequestType } from '@qlcv/common/schemas/request-types';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useRequestType, useUpdateRequestType } from '../api/request-types-api';
import { RequestTypeForm, type RequestTypeFormValues, toRequestTypeBody } from '../components/request-type-form';

export default function RequestTypeEditPage() {
  const id = Number(useParams().id);
  const type = useRequestType(id);
  const navigate = useNavigate();

  if (type.isPending) return <LoadingCard />;
  if (type.isError)
    return (
      <LoadError
        error={type.error}
        onRetry={() => type.refetch()}
        notFoundTitle="Không tìm thấy loại yêu cầu"
        back={<Button onClick={() => navigate(urlFor('request_types.index'))}>Về danh sách loại yêu cầu</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditRequestTypeForm key={type.data.version} type={type.data} onReload={() => type.refetch()} reloading={type.isFetching} />
  );
}

function EditRequestTypeForm({ type, onReload, reloading }: { type: RequestType; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<RequestTypeFormValues>();
  const navigate = useNavigate();
  const update = useUpdateRequestType(type.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: RequestTypeFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toRequestTypeBody(values), version: type.version });
      notifySuccess(`Đã lưu loại yêu cầu “${saved.name}”.`);
      navigate(urlFor('request_types.show', { id: type.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa loại yêu cầu: ${type.name}`}
        subtitle={`Mã ${type.code}`}
        extra={<Link to={urlFor('request_types.show', { id: type.id })}>Xem chi tiết</Link>}
      />
      <RequestTypeForm
        form={form}
        initialValues={{
          code: type.code,
          name: type.name,
          description: type.description,
          process_id: type.process_id,
          is_public: type.is_public,
          service_group: type.service_group,
          active: type.active,
        }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('request_types.show', { id: type.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        currentProcess={type.process}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
