import type { FormInstance } from 'antd';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify/notify';
import type { TripFormValues } from './trip-form';

/**
 * A trip's save refused: an instrument or vehicle already booked goes under its picker (the message names the other
 * trip), a person on another trip or an approved leave of those days under the leader or the members, a trip already
 * started says so, a stale version shows the reload notice, the rest as the house shows them.
 */
export function showTripError(form: FormInstance<TripFormValues>, error: unknown, onConflict?: (m: string) => void) {
  if (error instanceof ApiError && error.code === 'EQUIPMENT_BOOKED') {
    const field = error.message.startsWith('Phương tiện') ? 'vehicle_id' : 'equipment_ids';
    form.setFields([{ name: field, errors: [error.message] }]);
    form.scrollToField(field, { block: 'center' });
    return;
  }
  if (error instanceof ApiError && (error.code === 'PERSON_BOOKED' || error.code === 'PERSON_ON_LEAVE')) {
    // Under the leader or the members, as the server names where the person is.
    const field = error.errors[0]?.field === 'leader_id' ? 'leader_id' : 'member_ids';
    form.setFields([{ name: field, errors: [error.message] }]);
    form.scrollToField(field, { block: 'center' });
    return;
  }
  if (error instanceof ApiError && error.code === 'TRIP_STARTED') {
    notifyError(error.message);
    return;
  }
  handleSubmitError(form, error, onConflict);
}
