import { CheckCircleOutlined, GlobalOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

export const PUBLIC_LABELS = { true: 'Công khai', false: 'Nội bộ' } as const;
export const ACTIVE_LABELS = { true: 'Đang sử dụng', false: 'Ngừng sử dụng' } as const;

export function PublicTag({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Tag color="geekblue" icon={<GlobalOutlined />}>
      {PUBLIC_LABELS.true}
    </Tag>
  ) : (
    <Tag icon={<LockOutlined />}>{PUBLIC_LABELS.false}</Tag>
  );
}

export function ActiveTag({ active }: { active: boolean }) {
  return active ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {ACTIVE_LABELS.true}
    </Tag>
  ) : (
    <Tag icon={<StopOutlined />}>{ACTIVE_LABELS.false}</Tag>
  );
}
