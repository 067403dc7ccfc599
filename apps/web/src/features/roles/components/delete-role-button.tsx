import type { Role } from '@qlcv/common/schemas/roles';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteRole } from '../api/roles-api';

/** "Xóa" with a confirmation; the server's refusal (system role, role still in use) shows as a toast. */
export function DeleteRoleButton({
  role,
  ...props
}: DeleteButtonProps & { role: Pick<Role, 'id' | 'name' | 'is_system' | 'users_count'> }) {
  const remove = useDeleteRole();
  return (
    <DeleteButton
      {...props}
      noun="vai trò"
      name={role.name}
      content={
        role.users_count > 0
          ? `Vai trò này đang được gán cho ${role.users_count} người dùng; hệ thống sẽ không cho xóa khi còn người dùng.`
          : 'Vai trò sẽ bị xóa vĩnh viễn và không thể khôi phục.'
      }
      remove={() => remove.mutateAsync(role.id)}
      disabledReason={role.is_system ? 'Vai trò hệ thống không thể xóa' : undefined}
    />
  );
}
