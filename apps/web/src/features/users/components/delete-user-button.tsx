import type { User } from '@qlcv/common/schemas/users';
import { DeleteButton } from '@/components/delete-button';
import { useAuthUser } from '@/lib/auth/auth-store';
import { useDeleteUser } from '../api/users-api';

/** "Xóa" with a confirmation (not on oneself); the server's refusal (e.g. the user heads a department) shows as a toast. */
export function DeleteUserButton({ user, onDeleted }: { user: Pick<User, 'id' | 'name'>; onDeleted?: () => void }) {
  const me = useAuthUser();
  const remove = useDeleteUser();
  if (me?.id === user.id) return null;
  return (
    <DeleteButton
      type="default"
      onDeleted={onDeleted}
      noun="người dùng"
      name={user.name}
      content="Tài khoản sẽ bị xóa vĩnh viễn. Nếu chỉ muốn tạm ngừng, hãy khóa tài khoản thay vì xóa."
      remove={() => remove.mutateAsync(user.id)}
    />
  );
}
