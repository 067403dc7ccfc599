import { Alert, Button, Form } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useTrip } from '@/features/sampling-trips/api/sampling-trips-api';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateSample } from '../api/samples-api';
import { emptySample, SampleForm, type SampleFormValues, showSampleError, toCreateBody } from '../components/sample-form';

/** "Thêm mẫu" of a trip (`?trip_id=`): the team enters a sample at the point, then prints its label. */
export default function SampleCreatePage() {
  const [params] = useSearchParams();
  const tripId = Number(params.get('trip_id'));
  const trip = useTrip(tripId);
  const navigate = useNavigate();
  const [form] = Form.useForm<SampleFormValues>();
  const create = useCreateSample();

  if (!Number.isInteger(tripId) || tripId <= 0)
    return (
      <>
        <PageHeader title="Thêm mẫu" />
        <Alert
          type="info"
          showIcon
          title="Chưa chọn chuyến lấy mẫu"
          description="Mẫu được ghi trong một chuyến: mở chuyến lấy mẫu của bạn rồi bấm “Thêm mẫu”."
          action={<Link to={urlFor('monitoring.trips.index')}>Danh sách chuyến</Link>}
        />
      </>
    );
  if (trip.isPending) return <LoadingCard rows={10} />;
  if (trip.isError)
    return (
      <LoadError
        error={trip.error}
        onRetry={() => trip.refetch()}
        notFoundTitle="Không tìm thấy chuyến lấy mẫu"
        back={<Button onClick={() => navigate(urlFor('monitoring.trips.index'))}>Về danh sách chuyến</Button>}
      />
    );
  const t = trip.data;
  const back = () => navigate(urlFor('monitoring.trips.show', { id: t.id }));

  const onFinish = async (values: SampleFormValues) => {
    try {
      const sample = await create.mutateAsync(toCreateBody(t.id, values));
      notifySuccess(`Đã ghi mẫu ${sample.code}.`);
      back();
    } catch (error) {
      showSampleError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title={`Thêm mẫu — chuyến ${t.code}`}
        subtitle={t.name}
        extra={<Link to={urlFor('monitoring.trips.show', { id: t.id })}>Xem chuyến</Link>}
      />
      {t.status === 'cancelled' && (
        <Alert type="warning" showIcon title={`Chuyến ${t.code} đã hủy: không ghi thêm mẫu.`} style={{ marginBottom: 16 }} />
      )}
      <SampleForm
        form={form}
        trip={t}
        initialValues={emptySample()}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Lưu mẫu"
      />
    </>
  );
}
