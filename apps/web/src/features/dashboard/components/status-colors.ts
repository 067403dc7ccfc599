import type { RequestStatus } from '@qlcv/common/schemas/requests';

/** The chart colours of the request statuses: the hues of their tags (RequestStatusTag), with "processing" as the brand teal. */
export const REQUEST_STATUS_CHART_COLORS: Record<RequestStatus, string> = {
  new: '#1677ff',
  received: '#13c2c2',
  in_progress: '#0b7a75',
  on_hold: '#faad14',
  completed: '#52c41a',
  rejected: '#ff4d4f',
  cancelled: '#bfbfbf',
};
