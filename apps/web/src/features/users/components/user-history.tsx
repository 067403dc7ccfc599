import { GENDER_LABELS, USER_STATUS_LABELS } from '@qlcv/common/labels';
import { HistoryTimeline, historyValue } from '@/components/history-timeline';
import { useUserHistory } from '../api/get-user-history';

const FIELD_LABELS = {
  name: 'Họ tên',
  username: 'Tên đăng nhập',
  email: 'Email',
  mobile: 'Số điện thoại',
  role: 'Vai trò',
  department: 'Phòng ban',
  position: 'Chức danh',
  gender: 'Giới tính',
  birthday: 'Ngày sinh',
  joined_at: 'Ngày vào làm',
  address: 'Địa chỉ',
  avatar: 'Ảnh đại diện',
  status: 'Trạng thái',
};

const formatValue = (field: string, value: unknown) => {
  if (field === 'gender') return GENDER_LABELS[String(value)] ?? String(value);
  if (field === 'status') return USER_STATUS_LABELS[String(value)] ?? String(value);
  return historyValue(value);
};

/** The user's "Lịch sử". */
export function UserHistory({ userId }: { userId: number }) {
  const history = useUserHistory(userId);
  return (
    <HistoryTimeline
      logs={history.data?.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => history.refetch()}
      fieldLabels={FIELD_LABELS}
      formatValue={formatValue}
    />
  );
}
