// The seed's permission catalogue (§6). Keys are `resource.action`; the admin role holds every one.
const crud = (resource: string) =>
  (['index', 'create', 'show', 'edit'] as const).map((action) => `${resource}.${action}` as const);

export const PERMISSION_KEYS = [
  ...crud('roles'),
  ...crud('users'),
  ...crud('departments'),
  ...crud('processes'),
  ...crud('requests'),
  ...crud('request_types'),
  ...crud('kpi_types'),
  ...crud('evaluations'),
  ...crud('setting_notifications'),
  ...crud('user_evaluations'),
  'works.department',
  'works.all',
  'works.create',
  'works.show',
  'settings.edit',
  'contracts.index',
  'contracts.show',
  'contracts.create',
  // Beyond the seed's three (issue 21): signs or returns a contract waiting for approval, never one the holder submitted.
  'contracts.approve',
  'leaves.index',
  'leaves.create',
  'leaves.show',
  'leaves.edit',
  'leaves.department',
  'leaves.departments',
  'leaves.all',
  ...crud('customer'),
  // Issue 23, attendance: own check-ins; the departments one heads; everyone's (kiosk, time clock import).
  'attendance.index',
  'attendance.department',
  'attendance.all',
  // Issue 24, the monitoring trade: the parameter catalogue, customers' sites and points, programmes and rounds.
  ...crud('monitoring'),
  // Issue 24 part 4: the field team's instruments and vehicles, their calibration and inspection dates.
  ...crud('equipment'),
  // Issue 24 part 4, sampling trips: own trips (led or joined); the department's; all; plan; edit and cancel.
  'sampling.index',
  'sampling.department',
  'sampling.all',
  'sampling.create',
  'sampling.edit',
  // Issue 24 part 5, the laboratory's side of the samples: every sample; receive, analyse, store and dispose them.
  'lab.index',
  'lab.receive',
  // Issue 25 part 2, the analyses: enter the results of the analyses assigned to me; verify, return and release results
  // (never one's own: the verifier is not the analyst).
  'lab.analyse',
  'lab.verify',
  // Issue 25 part 4: sign test reports (never one holding a result one analysed).
  'lab.approve',
  // Issue 25: the national technical regulations (QCVN) as dated data — add, edit, delete, import a limits table.
  'regulations.edit',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

const KEY_SET: ReadonlySet<string> = new Set(PERMISSION_KEYS);
export const isPermissionKey = (key: string): key is PermissionKey => KEY_SET.has(key);

/** The seed's rule: a check passes when the user holds any of the wanted keys; no keys wanted passes. */
export function hasAnyPermission(held: readonly string[], wanted: readonly string[] | undefined): boolean {
  if (!wanted || wanted.length === 0) return true;
  return wanted.some((key) => held.includes(key));
}

export const ADMIN_ROLE_CODE = 'admin';

/** Vietnamese labels used by the permission picker, grouped by resource. */
export const PERMISSION_RESOURCE_LABELS: Record<string, string> = {
  roles: 'Vai trò',
  users: 'Người dùng',
  departments: 'Phòng ban',
  processes: 'Quy trình',
  requests: 'Yêu cầu',
  request_types: 'Loại yêu cầu',
  kpi_types: 'Loại KPI',
  evaluations: 'Kỳ đánh giá',
  setting_notifications: 'Cấu hình thông báo',
  user_evaluations: 'Đánh giá nhân viên',
  works: 'Công việc',
  settings: 'Cài đặt',
  contracts: 'Hợp đồng',
  leaves: 'Nghỉ phép',
  customer: 'Khách hàng',
  attendance: 'Chấm công',
  monitoring: 'Quan trắc (chỉ tiêu, điểm quan trắc, chương trình)',
  equipment: 'Thiết bị và phương tiện quan trắc',
  sampling: 'Chuyến lấy mẫu',
  lab: 'Phòng thí nghiệm',
  regulations: 'Quy chuẩn kỹ thuật (QCVN)',
};

export const PERMISSION_ACTION_LABELS: Record<string, string> = {
  index: 'Xem danh sách',
  create: 'Thêm mới',
  show: 'Xem chi tiết',
  edit: 'Sửa, xóa',
  department: 'Theo phòng ban',
  all: 'Tất cả',
  departments: 'Các phòng ban mình phụ trách',
  approve: 'Duyệt',
};

export function permissionLabel(key: string): string {
  const action = key.split('.')[1];
  if (key === 'leaves.department') return 'Tạo và duyệt nghỉ phép cho phòng ban';
  if (key === 'works.department') return 'Xem công việc của phòng ban';
  if (key === 'works.all') return 'Xem tất cả công việc';
  if (key === 'settings.edit') return 'Sửa cài đặt công ty, Zalo, đơn vị tính';
  if (key === 'leaves.all') return 'Xem và duyệt tất cả đơn nghỉ phép';
  if (key === 'leaves.departments') return 'Duyệt nghỉ phép các phòng ban mình phụ trách';
  if (key === 'sampling.index') return 'Xem chuyến lấy mẫu mình tham gia';
  if (key === 'sampling.department') return 'Xem chuyến lấy mẫu của phòng ban';
  if (key === 'sampling.all') return 'Xem tất cả chuyến lấy mẫu';
  if (key === 'sampling.create') return 'Lên kế hoạch chuyến lấy mẫu';
  if (key === 'sampling.edit') return 'Sửa, hủy, xóa chuyến lấy mẫu';
  if (key === 'lab.index') return 'Xem tất cả mẫu (danh sách mẫu của phòng thí nghiệm)';
  if (key === 'lab.receive') return 'Nhận mẫu, phân công phân tích, chuyển phân tích, lưu và hủy mẫu';
  if (key === 'lab.analyse') return 'Nhập kết quả các phép phân tích được giao cho mình';
  if (key === 'lab.approve')
    return 'Ký duyệt và phát hành phiếu kết quả thử nghiệm (không ký phiếu có kết quả do mình phân tích)';
  if (key === 'lab.verify') return 'Soát xét, trả lại và phát hành kết quả phân tích (không soát xét kết quả của chính mình)';
  if (key === 'regulations.edit') return 'Thêm, sửa, xóa quy chuẩn và nhập bảng giá trị giới hạn';
  if (key === 'attendance.index') return 'Chấm công và xem chấm công của mình';
  if (key === 'attendance.department') return 'Xem chấm công các phòng ban mình phụ trách';
  if (key === 'attendance.all') return 'Xem tất cả chấm công, màn hình mã QR, nhập máy chấm công';
  if (key === 'contracts.approve') return 'Duyệt hợp đồng (ký hoặc trả lại hợp đồng chờ duyệt)';
  return PERMISSION_ACTION_LABELS[action ?? ''] ?? action ?? key;
}

/** Keys grouped by resource, in catalogue order. */
export function groupPermissions(
  keys: readonly string[] = PERMISSION_KEYS,
): { resource: string; label: string; keys: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const resource = key.split('.')[0] ?? key;
    const list = groups.get(resource) ?? [];
    list.push(key);
    groups.set(resource, list);
  }
  return [...groups].map(([resource, list]) => ({
    resource,
    label: PERMISSION_RESOURCE_LABELS[resource] ?? resource,
    keys: list,
  }));
}
