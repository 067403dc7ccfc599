import { DeleteOutlined } from '@ant-design/icons';
import type { Role } from '@qlcv/common/schemas/roles';
import { App, Button, Tooltip } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteRole } from '../api/delete-role';

/** "Xóa" with a confirmation; the server's refusal (system role, role still in use) shows as a toast. */
export function DeleteRoleButton({
  role,
  onDeleted,
  size,
  type = 'link',
}: {
  role: Pick<Role, 'id' | 'name' | 'is_system' | 'users_count'>;
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const remove = useDeleteRole();

  const confirm = () =>
    modal.confirm({
      title: `Xóa vai trò “${role.name}”?`,
      content:
        role.users_count > 0
          ? `Vai trò này đang được gán cho ${role.users_count} người dùng; hệ thống sẽ không cho xóa khi còn người dùng.`
          : 'Vai trò sẽ bị xóa vĩnh viễn và không thể khôi phục.',
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(role.id);
          notifySuccess(`Đã xóa vai trò “${role.name}”.`);
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
      disabled={role.is_system}
      onClick={confirm}
      aria-label={`Xóa vai trò ${role.name}`}
    >
      Xóa
    </Button>
  );
  return role.is_system ? <Tooltip title="Vai trò hệ thống không thể xóa">{button}</Tooltip> : button;
}
