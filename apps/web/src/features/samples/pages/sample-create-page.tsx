import { Alert, Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useTrip } from '@/features/sampling-trips/api/sampling-trips-api';
import { isNetworkFailure } from '@/lib/api/client';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateSample } from '../api/samples-api';
import {
  emptySample,
  fromCreateBody,
  SampleForm,
  type SampleFormValues,
  showSampleError,
  toCreateBody,
} from '../components/sample-form';
import { announceQueue, newEntryKey, putQueued, type QueuedSample, queuedSamples, removeQueued } from '../offline/sample-queue';

type QueuedCreate = Extract<QueuedSample, { kind: 'create' }>;

/** "Thêm mẫu" of a trip (`?trip_id=`): the team enters a sample at the point, then prints its label. */
export default function SampleCreatePage() {
  const [params] = useSearchParams();
  const tripId = Number(params.get('trip_id'));
  const trip = useTrip(tripId);
  const navigate = useNavigate();
  const [form] = Form.useForm<SampleFormValues>();
  const create = useCreateSample();
  const user = useAuthUser();
  // `?queued=<key>`: an entry saved on this phone and refused by the server, opened here to be fixed and sent.
  const queuedKey = params.get('queued');
  const [queued, setQueued] = useState<QueuedCreate | null | undefined>(queuedKey ? undefined : null);
  useEffect(() => {
    if (!queuedKey || !user) return;
    void queuedSamples(user.id).then((all) =>
      setQueued(all.find((e): e is QueuedCreate => e.key === queuedKey && e.kind === 'create') ?? null),
    );
  }, [queuedKey, user]);

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
  if (trip.isPending || queued === undefined) return <LoadingCard rows={10} />;
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
    if (!user) return;
    // The entry's own key: sent twice (a retry, the queue), the server still makes one sample.
    const body = { ...toCreateBody(t.id, values), client_key: queued?.key ?? newEntryKey() };
    const point = t.checklist.find((c) => c.round_id === body.round_id && c.point.id === body.point_id)?.point;
    const keep = async () => {
      await putQueued({
        kind: 'create',
        key: body.client_key,
        user_id: user.id,
        trip_id: t.id,
        label: `${String(body.code)}${point ? ` — ${point.code} ${point.name}` : ''}`,
        saved_at: new Date().toISOString(),
        state: 'waiting',
        body,
      });
      announceQueue();
      notifySuccess(`Chưa có mạng: đã lưu mẫu ${String(body.code)} trên máy này, sẽ tự gửi khi có mạng.`);
      back();
    };
    if (!navigator.onLine) return keep();
    try {
      const sample = await create.mutateAsync(body);
      if (queued) {
        await removeQueued(queued.key);
        announceQueue();
      }
      notifySuccess(`Đã ghi mẫu ${sample.code}.`);
      back();
    } catch (error) {
      if (isNetworkFailure(error)) return keep();
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
      {queued?.error && (
        <Alert
          type="error"
          showIcon
          title="Bản nhập lưu trên máy bị máy chủ từ chối"
          description={queued.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      {t.status === 'cancelled' && (
        <Alert type="warning" showIcon title={`Chuyến ${t.code} đã hủy: không ghi thêm mẫu.`} style={{ marginBottom: 16 }} />
      )}
      <SampleForm
        form={form}
        trip={t}
        initialValues={queued ? fromCreateBody(t, queued.body) : emptySample()}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Lưu mẫu"
      />
    </>
  );
}
