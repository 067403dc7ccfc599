import type { Trip } from '@qlcv/common/schemas/sampling-trips';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteTrip } from '../api/sampling-trips-api';

/** "Xóa" with a confirmation (a trip not started); the server's refusal shows as a toast. */
export function DeleteTripButton({ trip, ...props }: DeleteButtonProps & { trip: Pick<Trip, 'id' | 'code' | 'name'> }) {
  const remove = useDeleteTrip();
  return (
    <DeleteButton
      {...props}
      noun="chuyến lấy mẫu"
      name={trip.name}
      content={`Chuyến ${trip.code} sẽ bị xóa; thiết bị và phương tiện được trả lại cho các chuyến khác.`}
      remove={() => remove.mutateAsync(trip.id)}
    />
  );
}
