// Vietnamese labels of the values the API sends as codes.
export const GENDER_LABELS: Record<string, string> = { male: 'Nam', female: 'Nữ', other: 'Khác' };
export const USER_STATUS_LABELS: Record<string, string> = { active: 'Đang hoạt động', locked: 'Đã khóa' };
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Tạo mới',
  update: 'Cập nhật',
  delete: 'Xóa',
  lock: 'Khóa tài khoản',
  unlock: 'Mở khóa tài khoản',
  password: 'Đổi mật khẩu',
  step_create: 'Thêm bước',
  step_update: 'Sửa bước',
  step_delete: 'Xóa bước',
  step_reorder: 'Sắp xếp lại các bước',
  // Requests and works.
  receive: 'Tiếp nhận',
  start: 'Bắt đầu xử lý',
  hold: 'Tạm dừng',
  resume: 'Tiếp tục',
  reject: 'Từ chối',
  cancel: 'Hủy',
  complete: 'Hoàn thành',
  step: 'Chuyển bước',
  send_back: 'Trả lại bước trước',
  progress: 'Cập nhật tiến độ',
  // Documents.
  attach: 'Đính kèm tệp',
  detach: 'Xóa tệp đính kèm',
  // A user's annual leave, written by HR (issue 10).
  leave_adjustment: 'Điều chỉnh số ngày phép',
  leave_carry_over: 'Chuyển phép sang năm sau',
  round_done: 'Ghi nhận đợt đã thực hiện',
  round_cancelled: 'Hủy đợt quan trắc',
  round_planned: 'Mở lại đợt quan trắc',
};

// Requests and works (issue 4).
export const REQUEST_STATUS_LABELS: Record<string, string> = {
  new: 'Mới',
  received: 'Đã tiếp nhận',
  in_progress: 'Đang xử lý',
  on_hold: 'Tạm dừng',
  completed: 'Hoàn thành',
  rejected: 'Từ chối',
  cancelled: 'Đã hủy',
};
export const PRIORITY_LABELS: Record<string, string> = { low: 'Thấp', normal: 'Bình thường', high: 'Cao', urgent: 'Khẩn' };
export const REQUEST_SOURCE_LABELS: Record<string, string> = { public: 'Trang công khai', staff: 'Nhân viên tạo' };
export const WORK_STATUS_LABELS: Record<string, string> = {
  todo: 'Chưa bắt đầu',
  in_progress: 'Đang thực hiện',
  on_hold: 'Tạm dừng',
  done: 'Hoàn thành',
  cancelled: 'Đã hủy',
};
