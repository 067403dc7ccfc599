import type { Department } from '@qlcv/common/schemas/departments';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteDepartment } from '../api/departments-api';

/** "Xóa" with a confirmation; the server's refusal (sub-departments, staff) shows as a toast. */
export function DeleteDepartmentButton({
  department,
  ...props
}: DeleteButtonProps & { department: Pick<Department, 'id' | 'name' | 'users_count'> }) {
  const remove = useDeleteDepartment();
  return (
    <DeleteButton
      {...props}
      noun="phòng ban"
      name={department.name}
      content={
        department.users_count > 0
          ? `Phòng ban đang có ${department.users_count} nhân viên; hệ thống sẽ không cho xóa khi còn nhân viên.`
          : 'Phòng ban sẽ bị xóa vĩnh viễn và không thể khôi phục.'
      }
      remove={() => remove.mutateAsync(department.id)}
    />
  );
}
