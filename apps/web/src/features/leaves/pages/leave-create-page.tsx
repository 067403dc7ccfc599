import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateLeave } from '../api/leaves-api';
import { EMPTY_LEAVE, LeaveForm, type LeaveFormValues, toLeaveBody } from '../components/leave-form';

/** An employee applies for leave; the approver is notified. */
export default function LeaveCreatePage() {
  const [form] = Form.useForm<LeaveFormValues>();
  const navigate = useNavigate();
  const create = useCreateLeave();

  const onFinish = async (values: LeaveFormValues) => {
    try {
      const leave = await create.mutateAsync(toLeaveBody(values));
      notifySuccess(`Đã gửi đơn nghỉ ${leave.code}.`);
      navigate(urlFor('leaves.show', { id: leave.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Đăng ký nghỉ phép" subtitle="Đơn được gửi đến trưởng phòng (hoặc người duyệt thay) để duyệt." />
      <LeaveForm
        form={form}
        initialValues={EMPTY_LEAVE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('leaves.index'))}
        submitting={create.isPending}
        submitLabel="Gửi đơn"
      />
    </>
  );
}
