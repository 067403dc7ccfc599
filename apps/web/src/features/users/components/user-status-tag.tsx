import { CheckCircleOutlined, LockOutlined } from '@ant-design/icons';
import { USER_STATUS_LABELS } from '@qlcv/common/labels';
import { Tag } from 'antd';

export function UserStatusTag({ status }: { status: string }) {
  return status === 'locked' ? (
    <Tag color="red" icon={<LockOutlined />}>
      {USER_STATUS_LABELS.locked}
    </Tag>
  ) : (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {USER_STATUS_LABELS.active}
    </Tag>
  );
}
