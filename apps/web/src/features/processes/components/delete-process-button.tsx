import { DeleteOutlined } from '@ant-design/icons';
import type { Process } from '@qlcv/common/schemas/processes';
import { App, Button } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteProcess } from '../api/delete-process';

/** "Xóa" with a confirmation; the server's refusal (request types or requests use it) shows as a toast. */
export function DeleteProcessButton({
  process,
  onDeleted,
  size,
  type = 'link',
}: {
  process: Pick<Process, 'id' | 'name' | 'request_types_count'>;
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const remove = useDeleteProcess();

  const confirm = () =>
    modal.confirm({
      title: `Xóa quy trình “${process.name}”?`,
      content:
        process.request_types_count > 0
          ? `Quy trình đang được dùng cho ${process.request_types_count} loại yêu cầu; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng quy trình thay vì xóa.`
          : 'Quy trình và các bước của nó sẽ bị xóa vĩnh viễn.',
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(process.id);
          notifySuccess(`Đã xóa quy trình “${process.name}”.`);
          onDeleted?.();
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  return (
    <Button
      type={type}
      size={size}
      danger
      icon={<DeleteOutlined />}
      onClick={confirm}
      aria-label={`Xóa quy trình ${process.name}`}
    >
      Xóa
    </Button>
  );
}
