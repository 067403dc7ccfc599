import { GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { Tag } from 'antd';

export const PUBLIC_LABELS = { true: 'Công khai', false: 'Nội bộ' } as const;

export function PublicTag({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Tag color="geekblue" icon={<GlobalOutlined />}>
      {PUBLIC_LABELS.true}
    </Tag>
  ) : (
    <Tag icon={<LockOutlined />}>{PUBLIC_LABELS.false}</Tag>
  );
}
