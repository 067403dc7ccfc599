import type { SampleDetail } from '@qlcv/common/schemas/samples';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { useTrip } from '@/features/sampling-trips/api/sampling-trips-api';
import { isNetworkFailure } from '@/lib/api/client';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useSample, useUpdateSample } from '../api/samples-api';
import { SampleForm, type SampleFormValues, showSampleError, toSampleValues, toUpdateBody } from '../components/sample-form';
import { announceQueue, newEntryKey, putQueued } from '../offline/sample-queue';

/** "Sửa mẫu": while the sample is still with the team (not handed over), by the trip's team. */
export default function SampleEditPage() {
  const id = Number(useParams().id);
  const sample = useSample(id);
  const trip = useTrip(sample.data?.trip.id ?? 0);
  const navigate = useNavigate();

  const failed = sample.isError ? sample : trip.isError ? trip : null;
  if (failed)
    return (
      <LoadError
        error={failed.error}
        onRetry={() => failed.refetch()}
        notFoundTitle="Không tìm thấy mẫu"
        back={<Button onClick={() => navigate(urlFor('monitoring.trips.index'))}>Về danh sách chuyến</Button>}
      />
    );
  if (!sample.data || !trip.data) return <LoadingCard rows={10} />;
  if (!sample.data.can.edit)
    return (
      <Alert
        type="info"
        showIcon
        title={`Mẫu ${sample.data.code} không sửa được`}
        description="Chỉ sửa được mẫu chưa bàn giao, bởi trưởng đoàn hoặc thành viên của chuyến."
        action={<Link to={urlFor('monitoring.samples.show', { id })}>Xem mẫu</Link>}
      />
    );
  return (
    <EditSampleForm
      key={sample.data.version}
      sample={sample.data}
      trip={trip.data}
      onReload={() => sample.refetch()}
      reloading={sample.isFetching}
    />
  );
}

function EditSampleForm({
  sample,
  trip,
  onReload,
  reloading,
}: {
  sample: SampleDetail;
  trip: TripDetail;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<SampleFormValues>();
  const navigate = useNavigate();
  const update = useUpdateSample(sample.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const user = useAuthUser();
  const show = () => navigate(urlFor('monitoring.samples.show', { id: sample.id }));

  const onFinish = async (values: SampleFormValues) => {
    setConflict(null);
    const body = toUpdateBody(sample, values);
    // Without a signal the edit waits on the phone with the version it was made on: a change made meanwhile by
    // someone else comes back as a conflict to settle on the trip page, never overwritten silently.
    const keep = async () => {
      if (!user) return;
      await putQueued({
        kind: 'update',
        key: newEntryKey(),
        user_id: user.id,
        trip_id: trip.id,
        sample_id: sample.id,
        code: sample.code,
        label: `${sample.code} — ${sample.point.code} ${sample.point.name}`,
        saved_at: new Date().toISOString(),
        state: 'waiting',
        body,
      });
      announceQueue();
      notifySuccess(`Chưa có mạng: đã lưu bản sửa mẫu ${sample.code} trên máy này, sẽ tự gửi khi có mạng.`);
      navigate(urlFor('monitoring.trips.show', { id: trip.id }));
    };
    if (!navigator.onLine) return keep();
    try {
      await update.mutateAsync(body);
      notifySuccess(`Đã lưu mẫu ${sample.code}.`);
      show();
    } catch (error) {
      if (isNetworkFailure(error)) return keep();
      showSampleError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa mẫu ${sample.code}`}
        subtitle={`Chuyến ${trip.code} — ${trip.name}`}
        extra={<Link to={urlFor('monitoring.samples.show', { id: sample.id })}>Xem chi tiết</Link>}
      />
      <SampleForm
        form={form}
        trip={trip}
        sample={sample}
        initialValues={toSampleValues(sample)}
        onFinish={onFinish}
        onCancel={show}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
