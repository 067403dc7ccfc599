import type { LeaveDetail } from '@qlcv/common/schemas/leaves';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useLeave, useUpdateLeave } from '../api/leaves-api';
import { LeaveForm, type LeaveFormValues, toLeaveBody, toLeaveValues } from '../components/leave-form';

/** A pending leave, edited; the days are counted again. */
export default function LeaveEditPage() {
  const id = Number(useParams().id);
  const leave = useLeave(id);
  const navigate = useNavigate();

  if (leave.isPending) return <LoadingCard rows={10} />;
  if (leave.isError)
    return (
      <LoadError
        error={leave.error}
        onRetry={() => leave.refetch()}
        notFoundTitle="Không tìm thấy đơn nghỉ"
        back={<Button onClick={() => navigate(urlFor('leaves.index'))}>Về danh sách đơn nghỉ</Button>}
      />
    );
  if (!leave.data.can.edit)
    return (
      <Alert
        type="info"
        showIcon
        title={`Đơn nghỉ ${leave.data.code} không còn sửa được (chỉ sửa đơn đang chờ duyệt).`}
        action={<Link to={urlFor('leaves.show', { id })}>Xem chi tiết</Link>}
      />
    );
  return (
    <EditLeaveForm key={leave.data.version} leave={leave.data} onReload={() => leave.refetch()} reloading={leave.isFetching} />
  );
}

function EditLeaveForm({ leave, onReload, reloading }: { leave: LeaveDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<LeaveFormValues>();
  const navigate = useNavigate();
  const update = useUpdateLeave(leave.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: LeaveFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toLeaveBody(values), version: leave.version });
      notifySuccess(`Đã lưu đơn nghỉ ${saved.code}.`);
      navigate(urlFor('leaves.show', { id: leave.id }));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa đơn nghỉ ${leave.code}`}
        subtitle={leave.user.name}
        extra={<Link to={urlFor('leaves.show', { id: leave.id })}>Xem chi tiết</Link>}
      />
      <LeaveForm
        form={form}
        initialValues={toLeaveValues(leave)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('leaves.show', { id: leave.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        leave={leave}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
