import { DeleteOutlined } from '@ant-design/icons';
import type { Department } from '@qlcv/common/schemas/departments';
import { App, Button } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteDepartment } from '../api/delete-department';

/** "Xóa" with a confirmation; the server's refusal (sub-departments, staff) shows as a toast. */
export function DeleteDepartmentButton({
  department,
  onDeleted,
  size,
  type = 'link',
}: {
  department: Pick<Department, 'id' | 'name' | 'users_count'>;
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const remove = useDeleteDepartment();

  const confirm = () =>
    modal.confirm({
      title: `Xóa phòng ban “${department.name}”?`,
      content:
        department.users_count > 0
          ? `Phòng ban đang có ${department.users_count} nhân viên; hệ thống sẽ không cho xóa khi còn nhân viên.`
          : 'Phòng ban sẽ bị xóa vĩnh viễn và không thể khôi phục.',
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(department.id);
          notifySuccess(`Đã xóa phòng ban “${department.name}”.`);
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
      aria-label={`Xóa phòng ban ${department.name}`}
    >
      Xóa
    </Button>
  );
}
