import type { RequestDetail } from '@qlcv/common/schemas/requests';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useRequest, useUpdateRequest } from '../api/requests-api';
import { RequestForm, type RequestFormValues, toRequestBody, toRequestValues } from '../components/request-form';

const OPEN = ['new', 'received', 'in_progress', 'on_hold'];

export default function RequestEditPage() {
  const id = Number(useParams().id);
  const request = useRequest(id);
  const navigate = useNavigate();

  if (request.isPending) return <LoadingCard rows={12} />;
  if (request.isError)
    return (
      <LoadError
        error={request.error}
        onRetry={() => request.refetch()}
        notFoundTitle="Không tìm thấy yêu cầu"
        back={<Button onClick={() => navigate(urlFor('requests.index'))}>Về danh sách yêu cầu</Button>}
      />
    );
  if (!OPEN.includes(request.data.status))
    return (
      <Alert
        type="info"
        showIcon
        title={`Yêu cầu ${request.data.code} đã kết thúc, không sửa được nữa.`}
        action={<Link to={urlFor('requests.show', { id })}>Xem chi tiết</Link>}
      />
    );
  return (
    <EditRequestForm
      key={request.data.version}
      request={request.data}
      onReload={() => request.refetch()}
      reloading={request.isFetching}
    />
  );
}

function EditRequestForm({ request, onReload, reloading }: { request: RequestDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<RequestFormValues>();
  const navigate = useNavigate();
  const update = useUpdateRequest(request.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: RequestFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toRequestBody(values), version: request.version });
      notifySuccess(`Đã lưu yêu cầu ${saved.code}.`);
      navigate(urlFor('requests.show', { id: request.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa yêu cầu ${request.code}`}
        subtitle={request.title}
        extra={<Link to={urlFor('requests.show', { id: request.id })}>Xem chi tiết</Link>}
      />
      <RequestForm
        form={form}
        initialValues={toRequestValues(request)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('requests.show', { id: request.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        request={request}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
