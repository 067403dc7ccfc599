import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateLeaveForEmployee } from '../api/leaves-api';
import { EMPTY_LEAVE, LeaveForm, type LeaveFormValues, toLeaveBody } from '../components/leave-form';

/** A manager records leave for an employee of their scope; the employee is notified. */
export default function LeaveCreateForEmployeePage() {
  const [form] = Form.useForm<LeaveFormValues>();
  const navigate = useNavigate();
  const create = useCreateLeaveForEmployee();

  const onFinish = async (values: LeaveFormValues) => {
    try {
      const leave = await create.mutateAsync({ ...toLeaveBody(values), user_id: values.user_id as number });
      notifySuccess(`Đã tạo đơn nghỉ ${leave.code} cho ${leave.user.name}.`);
      navigate(urlFor('leaves.show', { id: leave.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Tạo đơn nghỉ cho nhân viên"
        subtitle="Ghi nhận nghỉ phép thay cho nhân viên trong phòng ban bạn quản lý; đơn ghi rõ người tạo."
      />
      <LeaveForm
        form={form}
        initialValues={EMPTY_LEAVE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('leaves.index'))}
        submitting={create.isPending}
        submitLabel="Tạo đơn"
        forEmployee
      />
    </>
  );
}
