import { z } from 'zod';
import { idSchema, listQuery, versionSchema } from './common';

// The notification settings of PRODUCT.md §3 (issue 9): for each event, whether it is on, the channels, who receives
// it and the title and body templates with `{{placeholders}}`. The event catalogue below is the one list of events the
// server dispatches, the settings screen offers and the defaults are made from.

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'sms', 'zalo', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'Trong ứng dụng',
  email: 'E-mail',
  sms: 'SMS',
  zalo: 'Zalo ZNS',
  push: 'Thông báo đẩy',
};

/** Recipients read from the event's record. `requester` and `customer` are outside people: their phone and e-mail. */
export const DYNAMIC_RECIPIENTS = ['assignee', 'requester', 'creator', 'department_head', 'customer'] as const;
export type DynamicRecipient = (typeof DYNAMIC_RECIPIENTS)[number];
export const DYNAMIC_RECIPIENT_LABELS: Record<DynamicRecipient, string> = {
  assignee: 'Người thực hiện',
  requester: 'Người gửi yêu cầu',
  creator: 'Người tạo',
  department_head: 'Trưởng phòng phụ trách',
  customer: 'Khách hàng',
};

export type EventGroup = 'request' | 'work' | 'leave' | 'contract' | 'evaluation' | 'attendance' | 'monitoring';
export const EVENT_GROUP_LABELS: Record<EventGroup, string> = {
  request: 'Yêu cầu',
  work: 'Công việc',
  leave: 'Nghỉ phép',
  contract: 'Hợp đồng',
  evaluation: 'Đánh giá',
  attendance: 'Chấm công',
  monitoring: 'Quan trắc',
};

/** Every placeholder a template may use: its label and the sample value the preview shows. */
export const PLACEHOLDERS = {
  'actor.name': { label: 'Người thực hiện thao tác', sample: 'Nguyễn Văn An' },
  'recipient.name': { label: 'Tên người nhận', sample: 'Trần Thị Bình' },
  link: { label: 'Đường dẫn tới bản ghi', sample: '/admin/requests/12' },
  'request.code': { label: 'Mã yêu cầu', sample: 'YC2611-0007' },
  'request.tracking_code': { label: 'Mã tra cứu', sample: 'YC2611-0007-K3M9QX' },
  'request.title': { label: 'Tiêu đề yêu cầu', sample: 'Quan trắc khí thải lò hơi quý IV' },
  'request.status': { label: 'Trạng thái yêu cầu', sample: 'Đang xử lý' },
  'request.requester_name': { label: 'Tên người gửi yêu cầu', sample: 'Lê Minh Châu' },
  'request.due_at': { label: 'Hạn hoàn thành yêu cầu', sample: '30/11/2026 17:00' },
  'request.reason': { label: 'Lý do', sample: 'Ngoài phạm vi dịch vụ' },
  'request.result': { label: 'Kết quả xử lý', sample: 'Đã gửi báo cáo kết quả quan trắc' },
  'step.name': { label: 'Tên bước hiện tại', sample: 'Lấy mẫu hiện trường' },
  'customer.name': { label: 'Tên khách hàng', sample: 'Công ty TNHH Môi trường Xanh' },
  'work.code': { label: 'Mã công việc', sample: 'CV2611-0042' },
  'work.title': { label: 'Tên công việc', sample: 'Lấy mẫu nước thải đầu ra' },
  'work.deadline': { label: 'Hạn công việc', sample: '28/11/2026 17:00' },
  'work.priority': { label: 'Mức ưu tiên', sample: 'Cao' },
  'work.assignee_name': { label: 'Người được giao', sample: 'Phạm Quốc Dũng' },
  'department.name': { label: 'Phòng ban', sample: 'Phòng Quan trắc môi trường' },
  'employee.name': { label: 'Tên nhân viên', sample: 'Hoàng Thu Hà' },
  'leave.code': { label: 'Mã đơn nghỉ', sample: 'NP2611-0003' },
  'leave.type': { label: 'Loại nghỉ', sample: 'Nghỉ phép năm' },
  'leave.from': { label: 'Nghỉ từ ngày', sample: '02/12/2026' },
  'leave.to': { label: 'Nghỉ đến ngày', sample: '03/12/2026' },
  'leave.days': { label: 'Số ngày nghỉ', sample: '2' },
  'leave.reason': { label: 'Lý do nghỉ', sample: 'Việc gia đình' },
  'contract.code': { label: 'Số hợp đồng', sample: '015/2026/HĐ-QT' },
  'contract.end_date': { label: 'Ngày hết hạn hợp đồng', sample: '31/12/2026' },
  'contract.days_left': { label: 'Số ngày còn lại', sample: '30' },
  'evaluation.name': { label: 'Kỳ đánh giá', sample: 'Đánh giá KPI quý IV/2026' },
  'evaluation.score': { label: 'Điểm đánh giá', sample: '87' },
  'evaluation.self_deadline': { label: 'Hạn tự đánh giá', sample: '05/01/2027' },
  'attendance.code': { label: 'Mã giải trình', sample: 'GT-14' },
  'correction.date': { label: 'Ngày giải trình', sample: '25/11/2026' },
  'correction.check_in': { label: 'Giờ vào đề nghị', sample: '07:45' },
  'correction.check_out': { label: 'Giờ ra đề nghị', sample: '17:10' },
  'correction.reason': { label: 'Lý do giải trình', sample: 'Đi lấy mẫu tại KCN Thăng Long, quên chấm công' },
  'correction.decision_note': { label: 'Ghi chú của người duyệt', sample: 'Đã xác nhận với trưởng đoàn' },
  'program.code': { label: 'Mã chương trình quan trắc', sample: 'CT-2027-PN' },
  'program.name': { label: 'Tên chương trình quan trắc', sample: 'Quan trắc định kỳ năm 2027' },
  'round.name': { label: 'Đợt quan trắc', sample: 'Quý I/2027' },
  'round.due_date': { label: 'Hạn của đợt', sample: '31/03/2027' },
  'round.days_left': { label: 'Số ngày còn lại của đợt', sample: '7' },
  'site.name': { label: 'Cơ sở quan trắc', sample: 'Trạm xử lý nước thải KCN Phố Nối A' },
  'trip.code': { label: 'Mã chuyến lấy mẫu', sample: 'CLM-2027-004' },
  'trip.name': { label: 'Tên chuyến lấy mẫu', sample: 'Lấy mẫu quý I — KCN Phố Nối' },
  'trip.dates': { label: 'Ngày đi lấy mẫu', sample: '10/03/2027 – 11/03/2027' },
  'trip.sites': { label: 'Các cơ sở của chuyến', sample: 'Trạm xử lý nước thải KCN Phố Nối A' },
  'equipment.code': { label: 'Mã thiết bị, phương tiện', sample: 'PH-03' },
  'equipment.name': { label: 'Tên thiết bị, phương tiện', sample: 'Máy đo pH cầm tay HI98107' },
  'equipment.kind': { label: 'Loại (thiết bị đo / phương tiện)', sample: 'Thiết bị đo' },
  'equipment.check': { label: 'Việc đến hạn (hiệu chuẩn / đăng kiểm)', sample: 'hiệu chuẩn' },
  'equipment.due_date': { label: 'Hạn hiệu chuẩn, đăng kiểm', sample: '30/06/2027' },
  'equipment.due_state': { label: 'Tình trạng hạn', sample: 'còn 12 ngày' },
  'sample.code': { label: 'Mã mẫu', sample: 'CLM-2027-004-NT1' },
  'sample.point': { label: 'Điểm lấy mẫu', sample: 'NT1 — Nước thải sau xử lý (Nhà máy dệt nhuộm Thành Công)' },
  'sample.taken_at': { label: 'Thời điểm lấy mẫu', sample: '10/03/2027 09:15' },
  'sample.hold_until': { label: 'Hạn lưu mẫu', sample: '11/03/2027 09:15' },
  'sample.status': { label: 'Bước hiện tại của mẫu', sample: 'Đã bàn giao' },
  'analysis.code': { label: 'Phép phân tích (mẫu · chỉ tiêu)', sample: 'CLM-2027-004-NT1 · COD' },
  'analysis.count': { label: 'Số phép phân tích', sample: '12' },
  'analysis.parameters': { label: 'Các chỉ tiêu phân tích', sample: 'COD, BOD5' },
  'analysis.samples': { label: 'Các mẫu phân tích', sample: 'CLM-2027-004-NT1, CLM-2027-004-NT2' },
  'analysis.result': { label: 'Kết quả đã nhập', sample: '< 0.050 mg/L' },
  'analysis.reason': { label: 'Lý do trả lại', sample: 'Đường chuẩn chưa đạt, phân tích lại' },
  'analysis.exceedances': {
    label: 'Các kết quả vượt giới hạn',
    sample: 'COD 180 mg/L (giới hạn ≤ 135, gấp 1,33 lần); BOD5 62 mg/L (giới hạn ≤ 45, gấp 1,38 lần)',
  },
  'analysis.regulation': { label: 'Quy chuẩn, cột so sánh', sample: 'QCVN 40:2011/BTNMT cột B' },
} as const satisfies Record<string, { label: string; sample: string }>;
export type Placeholder = keyof typeof PLACEHOLDERS;

const COMMON: Placeholder[] = ['actor.name', 'recipient.name', 'link'];
const REQUEST: Placeholder[] = [
  ...COMMON,
  'request.code',
  'request.tracking_code',
  'request.title',
  'request.status',
  'request.requester_name',
  'request.due_at',
  'customer.name',
];
const WORK: Placeholder[] = [
  ...COMMON,
  'work.code',
  'work.title',
  'work.deadline',
  'work.priority',
  'work.assignee_name',
  'department.name',
  'request.code',
  'request.title',
];
const LEAVE: Placeholder[] = [
  ...COMMON,
  'leave.code',
  'employee.name',
  'leave.type',
  'leave.from',
  'leave.to',
  'leave.days',
  'leave.reason',
];
const CORRECTION: Placeholder[] = [
  ...COMMON,
  'attendance.code',
  'employee.name',
  'correction.date',
  'correction.check_in',
  'correction.check_out',
  'correction.reason',
];

export interface NotificationDefaults {
  active: boolean;
  channels: NotificationChannel[];
  recipients: { dynamic: DynamicRecipient[] };
  title: string;
  body: string;
}

export interface EventDef {
  label: string;
  group: EventGroup;
  /** The domain event's entity, whose record the dynamic recipients and placeholders are read from. */
  entity:
    | 'requests'
    | 'works'
    | 'leaves'
    | 'contracts'
    | 'evaluations'
    | 'attendance_corrections'
    | 'monitoring_rounds'
    | 'sampling_trips'
    | 'equipment'
    | 'samples'
    | 'analyses';
  /** The placeholder of the record's code when it is not `<group>.code` (a group of several records: monitoring). */
  code?: Placeholder;
  placeholders: Placeholder[];
  /** The dynamic recipients that mean something for this event. */
  dynamic: DynamicRecipient[];
  defaults: NotificationDefaults;
}

const inApp = (dynamic: DynamicRecipient[], title: string, body: string, channels: NotificationChannel[] = ['in_app']) => ({
  active: true,
  channels,
  recipients: { dynamic },
  title,
  body,
});

/** The events of notification settings, in the order the screens list them. */
export const EVENT_CATALOGUE = {
  'request.created': {
    label: 'Yêu cầu mới',
    group: 'request',
    entity: 'requests',
    placeholders: REQUEST,
    dynamic: ['creator', 'department_head', 'requester', 'customer'],
    defaults: inApp(
      ['department_head'],
      'Yêu cầu mới {{request.code}}',
      '{{request.requester_name}} gửi yêu cầu "{{request.title}}". Vui lòng tiếp nhận và phân công xử lý.',
    ),
  },
  'request.received': {
    label: 'Yêu cầu được tiếp nhận',
    group: 'request',
    entity: 'requests',
    placeholders: [...REQUEST, 'step.name'],
    dynamic: ['assignee', 'creator', 'department_head', 'requester', 'customer'],
    defaults: inApp(
      ['requester'],
      'Yêu cầu {{request.code}} đã được tiếp nhận',
      'Yêu cầu "{{request.title}}" của quý khách đã được tiếp nhận. Mã tra cứu: {{request.tracking_code}}.',
      ['sms'],
    ),
  },
  'request.step_changed': {
    label: 'Yêu cầu chuyển bước',
    group: 'request',
    entity: 'requests',
    placeholders: [...REQUEST, 'step.name', 'request.reason'],
    dynamic: ['assignee', 'creator', 'department_head', 'requester', 'customer'],
    defaults: inApp(
      ['assignee', 'department_head'],
      'Yêu cầu {{request.code}} chuyển sang bước "{{step.name}}"',
      '{{actor.name}} chuyển yêu cầu "{{request.title}}" sang bước "{{step.name}}".',
    ),
  },
  'request.completed': {
    label: 'Yêu cầu hoàn thành',
    group: 'request',
    entity: 'requests',
    placeholders: [...REQUEST, 'request.result'],
    dynamic: ['assignee', 'creator', 'department_head', 'requester', 'customer'],
    defaults: inApp(
      ['requester'],
      'Yêu cầu {{request.code}} đã hoàn thành',
      'Yêu cầu "{{request.title}}" đã xử lý xong. Tra cứu kết quả bằng mã {{request.tracking_code}}.',
      ['sms'],
    ),
  },
  'request.rejected': {
    label: 'Yêu cầu bị từ chối',
    group: 'request',
    entity: 'requests',
    placeholders: [...REQUEST, 'request.reason'],
    dynamic: ['creator', 'department_head', 'requester', 'customer'],
    defaults: inApp(
      ['requester'],
      'Yêu cầu {{request.code}} không được tiếp nhận',
      'Rất tiếc, yêu cầu "{{request.title}}" không được tiếp nhận. Lý do: {{request.reason}}.',
      ['sms'],
    ),
  },
  'work.assigned': {
    label: 'Được giao công việc',
    group: 'work',
    entity: 'works',
    placeholders: WORK,
    dynamic: ['assignee', 'creator', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Bạn được giao công việc {{work.code}}',
      '{{actor.name}} giao cho bạn công việc "{{work.title}}", hạn {{work.deadline}}.',
      ['in_app', 'email'],
    ),
  },
  'work.due_soon': {
    label: 'Công việc sắp đến hạn (24 giờ)',
    group: 'work',
    entity: 'works',
    placeholders: WORK,
    dynamic: ['assignee', 'creator', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Công việc {{work.code}} sắp đến hạn',
      'Công việc "{{work.title}}" đến hạn lúc {{work.deadline}}.',
      ['in_app', 'email'],
    ),
  },
  'work.overdue': {
    label: 'Công việc quá hạn',
    group: 'work',
    entity: 'works',
    placeholders: WORK,
    dynamic: ['assignee', 'creator', 'department_head'],
    defaults: inApp(
      ['assignee', 'creator'],
      'Công việc {{work.code}} đã quá hạn',
      'Công việc "{{work.title}}" (người thực hiện: {{work.assignee_name}}) đã quá hạn từ {{work.deadline}}.',
      ['in_app', 'email'],
    ),
  },
  'work.escalated': {
    label: 'Công việc quá hạn — báo trưởng phòng',
    group: 'work',
    entity: 'works',
    placeholders: WORK,
    dynamic: ['assignee', 'creator', 'department_head'],
    defaults: inApp(
      ['department_head', 'creator'],
      'Công việc {{work.code}} quá hạn cần xử lý',
      'Công việc "{{work.title}}" của {{department.name}} (người thực hiện: {{work.assignee_name}}) đã quá hạn từ {{work.deadline}}.',
      ['in_app', 'email'],
    ),
  },
  'leave.submitted': {
    label: 'Đơn nghỉ phép chờ duyệt',
    group: 'leave',
    entity: 'leaves',
    placeholders: LEAVE,
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['department_head'],
      'Đơn nghỉ phép của {{employee.name}} chờ duyệt',
      '{{employee.name}} xin {{leave.type}} từ {{leave.from}} đến {{leave.to}} ({{leave.days}} ngày). Lý do: {{leave.reason}}.',
    ),
  },
  'leave.approved': {
    label: 'Đơn nghỉ phép được duyệt',
    group: 'leave',
    entity: 'leaves',
    placeholders: LEAVE,
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['creator'],
      'Đơn nghỉ phép đã được duyệt',
      '{{actor.name}} đã duyệt đơn nghỉ từ {{leave.from}} đến {{leave.to}}.',
    ),
  },
  'leave.rejected': {
    label: 'Đơn nghỉ phép bị từ chối',
    group: 'leave',
    entity: 'leaves',
    placeholders: LEAVE,
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['creator'],
      'Đơn nghỉ phép không được duyệt',
      '{{actor.name}} không duyệt đơn nghỉ từ {{leave.from}} đến {{leave.to}}.',
    ),
  },
  'leave.cancelled': {
    label: 'Đơn nghỉ phép bị hủy',
    group: 'leave',
    entity: 'leaves',
    placeholders: LEAVE,
    // department_head: the leave's approver and active substitutes, or whoever approved it (the event's head_ids).
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['department_head'],
      'Đơn nghỉ phép của {{employee.name}} đã hủy',
      '{{actor.name}} đã hủy đơn {{leave.type}} của {{employee.name}} từ {{leave.from}} đến {{leave.to}} ({{leave.days}} ngày).',
    ),
  },
  'leave.created_for_you': {
    label: 'Được tạo đơn nghỉ phép',
    group: 'leave',
    entity: 'leaves',
    placeholders: LEAVE,
    dynamic: ['assignee', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Bạn có đơn nghỉ phép mới',
      '{{actor.name}} đã tạo cho bạn đơn {{leave.type}} từ {{leave.from}} đến {{leave.to}}.',
    ),
  },
  'contract.expiring': {
    label: 'Hợp đồng sắp hết hạn',
    group: 'contract',
    entity: 'contracts',
    placeholders: [...COMMON, 'contract.code', 'contract.end_date', 'contract.days_left', 'customer.name'],
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['creator', 'department_head'],
      'Hợp đồng {{contract.code}} sắp hết hạn',
      'Hợp đồng {{contract.code}} với {{customer.name}} hết hạn ngày {{contract.end_date}} (còn {{contract.days_left}} ngày).',
      ['in_app', 'email'],
    ),
  },
  'evaluation.opened': {
    label: 'Mở kỳ đánh giá',
    group: 'evaluation',
    entity: 'evaluations',
    placeholders: [...COMMON, 'evaluation.name', 'employee.name'],
    dynamic: ['assignee', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Đã mở kỳ đánh giá: {{evaluation.name}}',
      'Vui lòng hoàn thành tự đánh giá trong kỳ {{evaluation.name}}.',
    ),
  },
  'evaluation.reviewed': {
    label: 'Kết quả đánh giá',
    group: 'evaluation',
    entity: 'evaluations',
    placeholders: [...COMMON, 'evaluation.name', 'evaluation.score', 'employee.name'],
    dynamic: ['assignee', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Đã có kết quả đánh giá: {{evaluation.name}}',
      '{{actor.name}} đã đánh giá bạn trong kỳ {{evaluation.name}}: {{evaluation.score}} điểm.',
    ),
  },
  'evaluation.self_due': {
    label: 'Sắp hết hạn tự đánh giá',
    group: 'evaluation',
    entity: 'evaluations',
    placeholders: [...COMMON, 'evaluation.name', 'evaluation.self_deadline', 'employee.name'],
    dynamic: ['assignee', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Sắp hết hạn tự đánh giá: {{evaluation.name}}',
      'Hạn tự đánh giá kỳ {{evaluation.name}} là ngày {{evaluation.self_deadline}}. Vui lòng hoàn thành và gửi phiếu tự đánh giá.',
    ),
  },
  'evaluation.approved': {
    label: 'Kết quả đánh giá được duyệt',
    group: 'evaluation',
    entity: 'evaluations',
    placeholders: [...COMMON, 'evaluation.name', 'evaluation.score', 'employee.name'],
    dynamic: ['assignee', 'department_head'],
    defaults: inApp(
      ['assignee'],
      'Kết quả đánh giá đã được duyệt: {{evaluation.name}}',
      '{{actor.name}} đã duyệt kết quả đánh giá của bạn trong kỳ {{evaluation.name}}: {{evaluation.score}} điểm.',
    ),
  },
  'attendance.correction_submitted': {
    label: 'Giải trình chấm công chờ duyệt',
    group: 'attendance',
    entity: 'attendance_corrections',
    placeholders: CORRECTION,
    // department_head: the correction's approver and their active substitutes (the event's head_ids).
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['department_head'],
      'Giải trình chấm công của {{employee.name}} chờ duyệt',
      '{{employee.name}} giải trình ngày {{correction.date}} (vào {{correction.check_in}}, ra {{correction.check_out}}). Lý do: {{correction.reason}}.',
      ['in_app', 'push'],
    ),
  },
  'attendance.correction_approved': {
    label: 'Giải trình chấm công được duyệt',
    group: 'attendance',
    entity: 'attendance_corrections',
    placeholders: [...CORRECTION, 'correction.decision_note'],
    dynamic: ['assignee', 'creator'],
    defaults: inApp(
      ['creator'],
      'Giải trình chấm công ngày {{correction.date}} đã được duyệt',
      '{{actor.name}} đã duyệt giải trình ngày {{correction.date}}; bảng công của bạn đã được cập nhật.',
      ['in_app', 'push'],
    ),
  },
  'attendance.correction_rejected': {
    label: 'Giải trình chấm công bị từ chối',
    group: 'attendance',
    entity: 'attendance_corrections',
    placeholders: [...CORRECTION, 'correction.decision_note'],
    dynamic: ['assignee', 'creator'],
    defaults: inApp(
      ['creator'],
      'Giải trình chấm công ngày {{correction.date}} không được duyệt',
      '{{actor.name}} không duyệt giải trình ngày {{correction.date}}. Lý do: {{correction.decision_note}}.',
      ['in_app', 'push'],
    ),
  },
  // Issue 24 part 7, monitoring: the round reminder (monitoring-round-reminders.job.ts) and the calibration reminder
  // (equipment-calibration.job.ts) by the scheduler, once per record and due date; a trip's team as it is planned.
  'monitoring_round.due': {
    label: 'Đợt quan trắc sắp đến hạn',
    group: 'monitoring',
    entity: 'monitoring_rounds',
    code: 'program.code',
    placeholders: [
      ...COMMON,
      'program.code',
      'program.name',
      'round.name',
      'round.due_date',
      'round.days_left',
      'site.name',
      'customer.name',
    ],
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['creator', 'department_head'],
      'Đợt {{round.name}} của {{program.code}} sắp đến hạn',
      'Đợt {{round.name}} của chương trình "{{program.name}}" ({{site.name}}) đến hạn ngày {{round.due_date}} (còn {{round.days_left}} ngày) mà chưa thực hiện. Vui lòng lên chuyến lấy mẫu.',
      ['in_app', 'email'],
    ),
  },
  'sampling_trip.assigned': {
    label: 'Được phân công chuyến lấy mẫu',
    group: 'monitoring',
    entity: 'sampling_trips',
    code: 'trip.code',
    placeholders: [...COMMON, 'trip.code', 'trip.name', 'trip.dates', 'trip.sites'],
    // assignee: the leader and members new on the trip (all of them when it is planned).
    dynamic: ['assignee', 'creator'],
    defaults: inApp(
      ['assignee'],
      'Bạn được phân công chuyến lấy mẫu {{trip.code}}',
      '{{actor.name}} phân công bạn đi chuyến "{{trip.name}}" ngày {{trip.dates}} ({{trip.sites}}).',
      ['in_app', 'email'],
    ),
  },
  'equipment.calibration_due': {
    label: 'Thiết bị, phương tiện sắp hết hạn hiệu chuẩn, đăng kiểm',
    group: 'monitoring',
    entity: 'equipment',
    code: 'equipment.code',
    placeholders: [
      ...COMMON,
      'equipment.code',
      'equipment.name',
      'equipment.kind',
      'equipment.check',
      'equipment.due_date',
      'equipment.due_state',
      'department.name',
    ],
    // department_head: the head of the keeping department; creator: who entered the equipment.
    dynamic: ['creator', 'department_head'],
    defaults: inApp(
      ['department_head', 'creator'],
      '{{equipment.kind}} {{equipment.code}}: hạn {{equipment.check}} {{equipment.due_date}}',
      '{{equipment.kind}} "{{equipment.name}}" ({{equipment.code}}) có hạn {{equipment.check}} ngày {{equipment.due_date}} ({{equipment.due_state}}). Vui lòng {{equipment.check}} trước khi dùng cho chuyến lấy mẫu.',
      ['in_app', 'email'],
    ),
  },
  'sample.holding_expired': {
    label: 'Mẫu quá thời gian lưu mẫu chưa được phân tích',
    group: 'monitoring',
    entity: 'samples',
    code: 'sample.code',
    placeholders: [
      ...COMMON,
      'sample.code',
      'sample.point',
      'sample.taken_at',
      'sample.hold_until',
      'sample.status',
      'trip.code',
    ],
    // assignee: the trip's leader (the box is theirs until handed over); creator: who took the sample. The laboratory
    // is added in the settings (its role), as each company's lab is organised.
    dynamic: ['assignee', 'creator'],
    defaults: inApp(
      ['assignee', 'creator'],
      'Mẫu {{sample.code}} đã quá thời gian lưu mẫu',
      'Mẫu {{sample.code}} ({{sample.point}}, chuyến {{trip.code}}) lấy lúc {{sample.taken_at}} đã quá hạn lưu mẫu {{sample.hold_until}} mà chưa bắt đầu phân tích (đang ở bước "{{sample.status}}"). Kết quả các chỉ tiêu có thời gian lưu ngắn có thể không còn hợp lệ.',
      ['in_app', 'email'],
    ),
  },
  // Issue 25 part 2: the laboratory's analyses — a batch assigned to an analyst, a result returned with the reason.
  'analysis.assigned': {
    label: 'Được giao phân tích mẫu',
    group: 'monitoring',
    entity: 'analyses',
    code: 'analysis.code',
    placeholders: [...COMMON, 'analysis.code', 'analysis.count', 'analysis.parameters', 'analysis.samples'],
    // assignee: the analyst the batch is given to.
    dynamic: ['assignee'],
    defaults: inApp(
      ['assignee'],
      'Bạn được giao {{analysis.count}} phép phân tích',
      '{{actor.name}} giao bạn phân tích {{analysis.parameters}} của các mẫu {{analysis.samples}}.',
      ['in_app', 'push'],
    ),
  },
  'analysis.returned': {
    label: 'Kết quả phân tích bị trả lại',
    group: 'monitoring',
    entity: 'analyses',
    code: 'analysis.code',
    placeholders: [...COMMON, 'analysis.code', 'analysis.parameters', 'analysis.samples', 'analysis.result', 'analysis.reason'],
    // assignee: the analyst, and whoever entered the result if another.
    dynamic: ['assignee'],
    defaults: inApp(
      ['assignee'],
      'Kết quả {{analysis.code}} bị trả lại',
      '{{actor.name}} trả lại kết quả {{analysis.result}} ({{analysis.code}}). Lý do: {{analysis.reason}}. Vui lòng kiểm tra và nhập lại.',
      ['in_app', 'push'],
    ),
  },
  // Issue 25 part 3: a released sample's results above their limits, one event per sample of a release.
  'analysis.exceeded': {
    label: 'Kết quả phân tích vượt quy chuẩn',
    group: 'monitoring',
    entity: 'analyses',
    code: 'analysis.code',
    placeholders: [
      ...COMMON,
      'analysis.code',
      'analysis.samples',
      'analysis.parameters',
      'analysis.exceedances',
      'analysis.regulation',
      'sample.point',
      'sample.taken_at',
      'program.code',
      'program.name',
      'site.name',
      'customer.name',
    ],
    // creator: the programme's owner (its author); assignee: the customer's account manager (the author of the
    // programme's contract, else of the customer's record).
    dynamic: ['creator', 'assignee'],
    defaults: inApp(
      ['creator', 'assignee'],
      'Mẫu {{analysis.samples}} vượt quy chuẩn: {{analysis.parameters}}',
      'Kết quả phát hành của mẫu {{analysis.samples}} ({{sample.point}}, lấy lúc {{sample.taken_at}}) vượt giới hạn {{analysis.regulation}}: {{analysis.exceedances}}. Khách hàng {{customer.name}}, chương trình {{program.code}}. Vui lòng báo khách hàng và xem xét nguyên nhân.',
      ['in_app', 'email'],
    ),
  },
} as const satisfies Record<string, EventDef>;

export type NotificationEvent = keyof typeof EVENT_CATALOGUE;
export const NOTIFICATION_EVENTS = Object.keys(EVENT_CATALOGUE) as [NotificationEvent, ...NotificationEvent[]];
export const isNotificationEvent = (value: string): value is NotificationEvent => Object.hasOwn(EVENT_CATALOGUE, value);
export const eventDef = (event: NotificationEvent): EventDef => EVENT_CATALOGUE[event];
export const eventLabel = (event: string): string => (isNotificationEvent(event) ? EVENT_CATALOGUE[event].label : event);

// Templates -------------------------------------------------------------------------------------------------------

export interface TemplateProblem {
  message: string;
}

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Every problem of a template, in Vietnamese: an unknown placeholder, an empty `{{ }}`, a `{{` never closed or a
 * `}}` never opened. A template with none renders exactly.
 */
export function templateProblems(template: string, allowed: readonly string[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const unknown = new Set<string>();
  let empty = false;
  for (const m of template.matchAll(TOKEN)) {
    const name = m[1] ?? '';
    if (name === '') empty = true;
    else if (!allowed.includes(name)) unknown.add(name);
  }
  for (const name of unknown) problems.push({ message: `Biến {{${name}}} không có trong sự kiện này.` });
  if (empty) problems.push({ message: 'Có cặp {{ }} trống, chưa ghi tên biến.' });
  // What is left once the well-formed tokens are taken out must hold no brace pair.
  const rest = template.replace(TOKEN, '');
  if (rest.includes('{{')) problems.push({ message: 'Có "{{" chưa được đóng bằng "}}".' });
  if (rest.includes('}}')) problems.push({ message: 'Có "}}" không có "{{" mở tương ứng.' });
  return problems;
}

/**
 * Fills `{{name}}` from the own values given (preview and delivery alike); any other name, an object's built-ins
 * (`constructor`, `toString`, `__proto__`…) included, becomes empty.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return template.replace(TOKEN, (_, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : ''));
}

/** The sample link of each group's record (`{{link}}` is every event's, to its own record). */
const SAMPLE_LINKS: Record<EventGroup, string> = {
  request: '/admin/requests/12',
  work: '/admin/works/42',
  leave: '/admin/leaves/3',
  contract: '/admin/contracts/15',
  evaluation: '/admin/user-evaluations/8',
  attendance: '/admin/attendance/corrections/14',
  monitoring: '/admin/monitoring/programs/5',
};

/** The sample link of an event whose group holds several records. */
const SAMPLE_EVENT_LINKS: Partial<Record<NotificationEvent, string>> = {
  'sampling_trip.assigned': '/admin/monitoring/trips/4',
  'equipment.calibration_due': '/admin/monitoring/equipment/3/edit',
  'sample.holding_expired': '/admin/monitoring/samples/7',
  'analysis.assigned': '/admin/monitoring/analyses/21',
  'analysis.returned': '/admin/monitoring/analyses/21',
  'analysis.exceeded': '/admin/monitoring/analyses/21',
};

/** The sample values of an event's placeholders, for the preview. */
export function sampleValues(event: NotificationEvent): Record<string, string> {
  const def = EVENT_CATALOGUE[event];
  const link = SAMPLE_EVENT_LINKS[event] ?? SAMPLE_LINKS[def.group];
  return Object.fromEntries(def.placeholders.map((p) => [p, p === 'link' ? link : PLACEHOLDERS[p].sample]));
}

// Schemas ---------------------------------------------------------------------------------------------------------

const eventSchema = z.enum(NOTIFICATION_EVENTS, { error: 'Sự kiện không hợp lệ' });
const ids = z.array(idSchema).max(500).default([]);

export const notificationRecipientsSchema = z.object({
  roles: ids,
  departments: ids,
  users: ids,
  dynamic: z.array(z.enum(DYNAMIC_RECIPIENTS, { error: 'Người nhận không hợp lệ' })).default([]),
});
export type NotificationRecipients = z.infer<typeof notificationRecipientsSchema>;

const templateField = (label: string, max: number) =>
  z
    .string({ error: `Vui lòng nhập ${label}` })
    .trim()
    .min(1, `Vui lòng nhập ${label}`)
    .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} tối đa ${max} ký tự`);

const settingFields = z.object({
  event: eventSchema,
  active: z.boolean().default(true),
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, { error: 'Kênh gửi không hợp lệ' }), { error: 'Vui lòng chọn kênh gửi' })
    .min(1, 'Vui lòng chọn ít nhất một kênh gửi')
    .max(NOTIFICATION_CHANNELS.length),
  recipients: notificationRecipientsSchema,
  title_template: templateField('tiêu đề', 255),
  body_template: templateField('nội dung', 2000),
});

/** The checks that need more than one field: the templates against the event's placeholders, someone to send to. */
function checkSetting(v: z.infer<typeof settingFields>, ctx: z.RefinementCtx) {
  const allowed = EVENT_CATALOGUE[v.event].placeholders;
  for (const field of ['title_template', 'body_template'] as const) {
    for (const p of templateProblems(v[field], allowed)) ctx.addIssue({ code: 'custom', path: [field], message: p.message });
  }
  const r = v.recipients;
  if (r.roles.length + r.departments.length + r.users.length + r.dynamic.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'Vui lòng chọn ít nhất một người nhận' });
  }
  const unfit = r.dynamic.filter((d) => !(EVENT_CATALOGUE[v.event].dynamic as readonly string[]).includes(d));
  for (const d of unfit) {
    ctx.addIssue({
      code: 'custom',
      path: ['recipients', 'dynamic'],
      message: `"${DYNAMIC_RECIPIENT_LABELS[d]}" không áp dụng cho sự kiện này`,
    });
  }
}

export const notificationSettingCreateBody = settingFields.superRefine(checkSetting);
export type NotificationSettingCreateBody = z.infer<typeof notificationSettingCreateBody>;

export const notificationSettingUpdateBody = settingFields.extend({ version: versionSchema }).superRefine(checkSetting);
export type NotificationSettingUpdateBody = z.infer<typeof notificationSettingUpdateBody>;

const refSchema = z.object({ id: z.number(), name: z.string() });

export const notificationSettingSchema = z.object({
  id: z.number(),
  event: z.string(),
  event_label: z.string(),
  active: z.boolean(),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  recipients: z.object({
    roles: z.array(z.number()),
    departments: z.array(z.number()),
    users: z.array(z.number()),
    dynamic: z.array(z.enum(DYNAMIC_RECIPIENTS)),
  }),
  /** The names of the roles, departments and users chosen (those still existing), for the detail page. */
  recipient_names: z.object({ roles: z.array(refSchema), departments: z.array(refSchema), users: z.array(refSchema) }),
  title_template: z.string(),
  body_template: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const NOTIFICATION_SETTING_SORTS = ['event', 'created_at', 'updated_at'] as const;

export const notificationSettingListQuery = listQuery.extend({
  event: eventSchema.optional(),
  active: z.enum(['true', 'false'], { error: 'Giá trị không hợp lệ (true hoặc false)' }).optional(),
});
export type NotificationSettingListQuery = z.infer<typeof notificationSettingListQuery>;

/** The preview renders unsaved templates with the event's sample values; problems come back instead of a 422. */
export const notificationPreviewBody = z.object({
  event: eventSchema,
  title_template: z.string().max(255, 'Tiêu đề tối đa 255 ký tự').default(''),
  body_template: z.string().max(2000, 'Nội dung tối đa 2000 ký tự').default(''),
});
export type NotificationPreviewBody = z.infer<typeof notificationPreviewBody>;

export const notificationPreviewSchema = z.object({
  title: z.string(),
  body: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;
