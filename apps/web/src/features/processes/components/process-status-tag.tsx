import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

export const ACTIVE_LABELS = { true: 'Đang sử dụng', false: 'Ngừng sử dụng' } as const;

export function ProcessStatusTag({ active }: { active: boolean }) {
  return active ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {ACTIVE_LABELS.true}
    </Tag>
  ) : (
    <Tag icon={<StopOutlined />}>{ACTIVE_LABELS.false}</Tag>
  );
}
