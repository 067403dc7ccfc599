import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { conflict } from '../../lib/errors';

// What the request modules above the requests service (request flow, public requests) share with it: the entity name
// and the wording of a status. A small file of its own, so they need not import the service they sit above.

/** The entity name of requests in the audit log, the domain events and on their documents. */
export const REQUEST_ENTITY = 'requests';

export const requestStatusLabel = (status: string) => REQUEST_STATUS_LABELS[status] ?? status;
/** A transition the request's status does not allow. */
export const wrongRequestState = (verb: string, status: string) =>
  conflict(`Không thể ${verb} yêu cầu đang ở trạng thái "${requestStatusLabel(status)}".`);
