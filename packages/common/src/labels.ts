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
};
