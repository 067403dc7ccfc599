import { CheckOutlined, EditOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { type TripVerb, useMoveTrip } from '../api/sampling-trips-api';
import { DeleteTripButton } from './delete-trip-button';

const ASK: Record<TripVerb, { title: string; content: string; ok: string; done: string }> = {
  start: {
    title: 'Bắt đầu chuyến lấy mẫu?',
    content: 'Chuyến chuyển sang "Đang thực hiện"; kế hoạch không còn sửa được.',
    ok: 'Bắt đầu',
    done: 'Đã bắt đầu chuyến.',
  },
  finish: {
    title: 'Hoàn thành chuyến lấy mẫu?',
    content: 'Đoàn đã lấy xong mẫu; thiết bị và phương tiện được trả cho các chuyến khác.',
    ok: 'Hoàn thành',
    done: 'Đã hoàn thành chuyến.',
  },
  cancel: {
    title: 'Hủy chuyến lấy mẫu?',
    content: 'Thiết bị và phương tiện được trả lại; các đợt quan trắc vẫn chờ một chuyến khác.',
    ok: 'Hủy chuyến',
    done: 'Đã hủy chuyến.',
  },
};

/** The trip's own steps as `can` allows (start, finish, cancel), and edit / delete for the planner. */
export function TripActions({ trip, onStale }: { trip: TripDetail; onStale: () => void }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const move = useMoveTrip(trip.id);
  const canEdit = useCan(['sampling.edit']);

  const ask = (verb: TripVerb) => {
    const a = ASK[verb];
    modal.confirm({
      title: a.title,
      content: a.content,
      okText: a.ok,
      cancelText: 'Đóng',
      onOk: async () => {
        try {
          await move.mutateAsync({ verb, version: trip.version });
          notifySuccess(a.done);
        } catch (error) {
          notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
          if (error instanceof ApiError && error.status === 409) onStale();
        }
      },
    });
  };

  return (
    <>
      {trip.can.start && (
        <Button type="primary" icon={<PlayCircleOutlined />} loading={move.isPending} onClick={() => ask('start')}>
          Bắt đầu
        </Button>
      )}
      {trip.can.finish && (
        <Button type="primary" icon={<CheckOutlined />} loading={move.isPending} onClick={() => ask('finish')}>
          Hoàn thành
        </Button>
      )}
      {trip.can.edit && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('monitoring.trips.edit', { id: trip.id }))}>
          Sửa
        </Button>
      )}
      {trip.can.cancel && (
        <Button danger icon={<StopOutlined />} disabled={move.isPending} onClick={() => ask('cancel')}>
          Hủy chuyến
        </Button>
      )}
      {canEdit && (trip.status === 'planned' || trip.status === 'cancelled') && (
        <DeleteTripButton
          trip={trip}
          type="default"
          onDeleted={() => navigate(urlFor('monitoring.trips.index'), { replace: true })}
        />
      )}
    </>
  );
}
