import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useTrip, useUpdateTrip } from '../api/sampling-trips-api';
import { showTripError } from '../components/trip-errors';
import { TripForm, type TripFormValues, toTripBody, toTripValues } from '../components/trip-form';

export default function TripEditPage() {
  const id = Number(useParams().id);
  const trip = useTrip(id);
  const navigate = useNavigate();

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
  if (!trip.data.can.edit)
    return (
      <Alert
        type="info"
        showIcon
        title={`Chuyến ${trip.data.code} không sửa được`}
        description="Chỉ sửa được chuyến chưa bắt đầu, bởi người điều phối chuyến lấy mẫu."
        action={<Link to={urlFor('monitoring.trips.show', { id })}>Xem chuyến</Link>}
      />
    );
  return <EditTripForm key={trip.data.version} trip={trip.data} onReload={() => trip.refetch()} reloading={trip.isFetching} />;
}

function EditTripForm({ trip, onReload, reloading }: { trip: TripDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<TripFormValues>();
  const navigate = useNavigate();
  const update = useUpdateTrip(trip.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: TripFormValues) => {
    setConflict(null);
    try {
      await update.mutateAsync({ ...toTripBody(values), version: trip.version });
      notifySuccess(`Đã lưu chuyến ${trip.code}.`);
      navigate(urlFor('monitoring.trips.show', { id: trip.id }));
    } catch (error) {
      showTripError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa chuyến ${trip.code}`}
        subtitle={trip.name}
        extra={<Link to={urlFor('monitoring.trips.show', { id: trip.id })}>Xem chi tiết</Link>}
      />
      <TripForm
        form={form}
        initialValues={toTripValues(trip)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('monitoring.trips.show', { id: trip.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        trip={trip}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
