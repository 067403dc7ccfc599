import { DeleteOutlined } from '@ant-design/icons';
import type { User } from '@qlcv/common/schemas/users';
import { App, Button } from 'antd';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteUser } from '../api/delete-user';

/** "Xóa" with a confirmation; the server's refusal (e.g. the user heads a department) shows as a toast. */
export function DeleteUserButton({ user, onDeleted }: { user: Pick<User, 'id' | 'name'>; onDeleted?: () => void }) {
  const { modal } = App.useApp();
  const me = useAuthUser();
  const remove = useDeleteUser();
  if (me?.id === user.id) return null;

  const confirm = () =>
    modal.confirm({
      title: `Xóa người dùng “${user.name}”?`,
      content: 'Tài khoản sẽ bị xóa vĩnh viễn. Nếu chỉ muốn tạm ngừng, hãy khóa tài khoản thay vì xóa.',
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(user.id);
          notifySuccess(`Đã xóa người dùng “${user.name}”.`);
          onDeleted?.();
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  return (
    <Button danger icon={<DeleteOutlined />} onClick={confirm}>
      Xóa
    </Button>
  );
}
