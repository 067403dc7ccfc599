import type { NotificationSetting } from '@qlcv/common/schemas/notification-settings';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteNotificationSetting } from '../api/notification-settings-api';

/** "Xóa" with a confirmation: without a setting the event sends nothing. */
export function DeleteNotificationSettingButton({
  setting,
  ...props
}: DeleteButtonProps & { setting: Pick<NotificationSetting, 'id' | 'event_label'> }) {
  const remove = useDeleteNotificationSetting();
  return (
    <DeleteButton
      {...props}
      noun="cấu hình thông báo"
      name={setting.event_label}
      content="Sự kiện này sẽ không gửi thông báo nào cho tới khi có cấu hình mới. Muốn tạm ngừng, hãy tắt cấu hình thay vì xóa."
      remove={() => remove.mutateAsync(setting.id)}
    />
  );
}
