import type {
  Priority,
  RequestCreateBody,
  RequestDetail,
  RequestRecord,
  RequestSource,
  RequestStatus,
  RequestWork,
} from '@qlcv/common/schemas/requests';
import { searchText } from '@qlcv/common/vi-text';
import type { RequestListRow, RequestRow, RequestWorkRow } from './requests.repository';

/** What creates a request: the staff form's fields, or the public page's. */
export type RequestInput = Omit<RequestCreateBody, 'attachment_ids'> & { attachment_ids?: number[] };

/**
 * Past due and still open; the SLA clock stops on hold, so a request on hold is overdue only if it already was when
 * put on hold. The same rule as the list's `overdue` filter.
 */
function isOverdue(r: Pick<RequestListRow, 'status' | 'due_at' | 'on_hold_since'>, now: string): boolean {
  if (!r.due_at) return false;
  if (r.status === 'received' || r.status === 'in_progress') return r.due_at < now;
  if (r.status === 'on_hold') return Boolean(r.on_hold_since && r.due_at < r.on_hold_since);
  return false;
}

export function toRequest(row: RequestListRow, now: string): RequestRecord {
  return {
    id: row.id,
    code: row.code,
    tracking_code: row.tracking_code,
    request_type_id: row.request_type_id,
    request_type: row.request_type_name ? { id: row.request_type_id, name: row.request_type_name } : null,
    customer_id: row.customer_id,
    customer:
      row.customer_id && row.customer_name && row.customer_code
        ? { id: row.customer_id, code: row.customer_code, name: row.customer_name }
        : null,
    requester_name: row.requester_name,
    requester_phone: row.requester_phone,
    requester_email: row.requester_email,
    requester_organization: row.requester_organization,
    requester_address: row.requester_address,
    title: row.title,
    source: row.source as RequestSource,
    priority: row.priority as Priority,
    status: row.status as RequestStatus,
    current_step: row.current_step,
    due_at: row.due_at,
    received_at: row.received_at,
    completed_at: row.completed_at,
    on_hold_since: row.on_hold_since,
    overdue: isOverdue(row, now),
    created_by: row.created_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const ref = (id: number | null, name: string | null) => (id && name ? { id, name } : null);

/** One of the request's works, as its page lists them. */
export function toRequestWork(w: RequestWorkRow, now: string): RequestWork {
  return {
    id: w.id,
    code: w.code,
    title: w.title,
    step_index: w.step_index,
    status: w.status,
    assignee: ref(w.assignee_id, w.assignee_name),
    department: ref(w.department_id, w.department_name),
    deadline: w.deadline,
    progress: Number(w.progress),
    completed_at: w.completed_at,
    overdue: Boolean(w.deadline && w.deadline < now && w.status !== 'done' && w.status !== 'cancelled'),
    created_at: w.created_at,
  };
}

/** Searched: code, tracking code, title, requester's name, phone and organisation, the customer's name. */
export const requestSearchText = (r: {
  code: string;
  tracking_code: string;
  title: string;
  requester_name: string;
  requester_phone: string;
  requester_organization?: string | null;
  customer_name?: string | null;
}) =>
  searchText(r.code, r.tracking_code, r.title, r.requester_name, r.requester_phone, r.requester_organization, r.customer_name);

/** The fields a create or an edit writes from the form (the type and customer as resolved by the caller). */
export const requestFields = (input: RequestInput, requestTypeId: number, customerId: number) => ({
  request_type_id: requestTypeId,
  customer_id: customerId,
  requester_name: input.requester_name,
  requester_phone: input.requester_phone,
  requester_email: input.requester_email ?? null,
  requester_organization: input.requester_organization ?? null,
  requester_address: input.requester_address ?? null,
  title: input.title,
  content: input.content ?? null,
  priority: input.priority,
});

/** What a request's history entry shows of its fields. */
export function auditable(r: RequestRow | RequestDetail) {
  return {
    request_type_id: r.request_type_id,
    customer_id: r.customer_id,
    requester_name: r.requester_name,
    requester_phone: r.requester_phone,
    requester_email: r.requester_email,
    requester_organization: r.requester_organization,
    requester_address: r.requester_address,
    title: r.title,
    content: r.content,
    priority: r.priority,
  };
}
