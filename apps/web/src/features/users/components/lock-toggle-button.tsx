import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { User } from '@qlcv/common/schemas/users';
import { App, Button, Tooltip } from 'antd';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { useLockUser, useUnlockUser } from '../api/users-api';

/** "Khóa" / "Mở khóa" with a confirmation; the server's refusal shows as a toast. */
export function LockToggleButton({
  user,
  size,
  type = 'link',
}: {
  user: Pick<User, 'id' | 'name' | 'status'>;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const me = useAuthUser();
  const lock = useLockUser();
  const unlock = useUnlockUser();
  const locked = user.status === 'locked';
  const self = me?.id === user.id;

  const confirm = () =>
    modal.confirm({
      title: locked ? `Mở khóa tài khoản “${user.name}”?` : `Khóa tài khoản “${user.name}”?`,
      content: locked
        ? 'Người dùng sẽ đăng nhập lại được bằng mật khẩu hiện tại.'
        : 'Người dùng sẽ bị đăng xuất khỏi mọi thiết bị và không thể đăng nhập cho tới khi được mở khóa.',
      okText: locked ? 'Mở khóa' : 'Khóa',
      okButtonProps: { danger: !locked },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          if (locked) {
            await unlock.mutateAsync(user.id);
            notifySuccess(`Đã mở khóa tài khoản “${user.name}”.`);
          } else {
            await lock.mutateAsync(user.id);
            notifySuccess(`Đã khóa tài khoản “${user.name}”.`);
          }
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  const button = (
    <Button
      type={type}
      size={size}
      danger={!locked && type === 'link'}
      icon={locked ? <UnlockOutlined /> : <LockOutlined />}
      onClick={confirm}
      disabled={self}
      aria-label={`${locked ? 'Mở khóa' : 'Khóa'} tài khoản ${user.name}`}
    >
      {locked ? 'Mở khóa' : 'Khóa'}
    </Button>
  );
  return self ? <Tooltip title="Bạn không thể tự khóa tài khoản của mình">{button}</Tooltip> : button;
}
