import { DeleteOutlined } from '@ant-design/icons';
import type { RequestType } from '@qlcv/common/schemas/request-types';
import { App, Button } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteRequestType } from '../api/delete-request-type';

/** "Xóa" with a confirmation; the server's refusal (requests use it) shows as a toast. */
export function DeleteRequestTypeButton({
  requestType,
  onDeleted,
  size,
  type = 'link',
}: {
  requestType: Pick<RequestType, 'id' | 'name' | 'requests_count'>;
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const remove = useDeleteRequestType();

  const confirm = () =>
    modal.confirm({
      title: `Xóa loại yêu cầu “${requestType.name}”?`,
      content:
        requestType.requests_count > 0
          ? `Đã có ${requestType.requests_count} yêu cầu thuộc loại này; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng loại yêu cầu thay vì xóa.`
          : 'Loại yêu cầu sẽ bị xóa vĩnh viễn và không còn trên trang gửi yêu cầu.',
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(requestType.id);
          notifySuccess(`Đã xóa loại yêu cầu “${requestType.name}”.`);
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
      aria-label={`Xóa loại yêu cầu ${requestType.name}`}
    >
      Xóa
    </Button>
  );
}
