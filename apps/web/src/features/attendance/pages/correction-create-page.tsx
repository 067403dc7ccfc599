import { Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { dayjs } from '@/lib/dayjs';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateCorrection } from '../api/attendance-api';
import { CorrectionForm, type CorrectionFormValues, toCorrectionBody } from '../components/correction-form';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An employee asks for a forgotten or wrong check-in/out to be corrected; their approver is told. */
export default function CorrectionCreatePage() {
  const [form] = Form.useForm<CorrectionFormValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateCorrection();
  const given = params.get('date') ?? '';
  const date = DATE.test(given) && dayjs(given).isValid() && !dayjs(given).isAfter(dayjs(), 'day') ? dayjs(given) : dayjs();

  const onFinish = async (values: CorrectionFormValues) => {
    try {
      const correction = await create.mutateAsync(toCorrectionBody(values));
      notifySuccess('Đã gửi giải trình.');
      navigate(urlFor('attendance.corrections.show', { id: correction.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Gửi giải trình" subtitle="Giải trình được gửi đến trưởng phòng (hoặc người duyệt thay) để duyệt." />
      <CorrectionForm
        form={form}
        initialValues={{ date }}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('attendance.index'))}
        submitting={create.isPending}
      />
    </>
  );
}
