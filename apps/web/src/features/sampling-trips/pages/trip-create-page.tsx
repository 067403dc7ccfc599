import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateTrip } from '../api/sampling-trips-api';
import { showTripError } from '../components/trip-errors';
import { EMPTY_TRIP, TripForm, type TripFormValues, toTripBody } from '../components/trip-form';

export default function TripCreatePage() {
  const [form] = Form.useForm<TripFormValues>();
  const navigate = useNavigate();
  const create = useCreateTrip();

  const onFinish = async (values: TripFormValues) => {
    try {
      const trip = await create.mutateAsync(toTripBody(values));
      notifySuccess(`Đã lên kế hoạch chuyến ${trip.code}.`);
      navigate(urlFor('monitoring.trips.show', { id: trip.id }));
    } catch (error) {
      showTripError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Lên kế hoạch chuyến lấy mẫu"
        subtitle="Các đợt quan trắc cần lấy mẫu, ngày đi, đoàn lấy mẫu, phương tiện và thiết bị."
      />
      <TripForm
        form={form}
        initialValues={EMPTY_TRIP}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('monitoring.trips.index'))}
        submitting={create.isPending}
        submitLabel="Lưu kế hoạch"
      />
    </>
  );
}
