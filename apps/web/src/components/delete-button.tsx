import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { notifySuccess } from '@/lib/notify/notify';

/** What a record's own delete button lets its page choose. */
export interface DeleteButtonProps {
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/**
 * "Xóa" with a confirmation saying what goes (or why the server will refuse); the server's refusal itself shows as a
 * toast. `disabledReason`: the button is greyed out and says why.
 */
export function DeleteButton({
  noun,
  name,
  content,
  remove,
  onDeleted,
  size,
  type = 'link',
  disabledReason,
}: DeleteButtonProps & {
  /** What is deleted, e.g. "quy trình". */
  noun: string;
  name: string;
  content: ReactNode;
  remove: () => Promise<unknown>;
  disabledReason?: string;
}) {
  const { modal } = App.useApp();

  const confirm = () =>
    modal.confirm({
      title: `Xóa ${noun} “${name}”?`,
      content,
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove();
          notifySuccess(`Đã xóa ${noun} “${name}”.`);
          onDeleted?.();
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  const button = (
    <Button
      type={type}
      size={size}
      danger
      icon={<DeleteOutlined />}
      disabled={!!disabledReason}
      onClick={confirm}
      aria-label={`Xóa ${noun} ${name}`}
    >
      Xóa
    </Button>
  );
  return disabledReason ? <Tooltip title={disabledReason}>{button}</Tooltip> : button;
}
