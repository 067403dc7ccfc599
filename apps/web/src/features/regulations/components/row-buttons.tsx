import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  // A native title, not a Tooltip: a table of limits has one a row, and a Tooltip each weighs on its drawing.
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} title={label} onClick={onClick} />;
}
