import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateNotificationSetting, useNotificationSettings } from '../api/notification-settings-api';
import {
  EMPTY_SETTING,
  NotificationSettingForm,
  type NotificationSettingFormValues,
  showSettingErrors,
  valuesToBody,
} from '../components/notification-setting-form';

export default function NotificationSettingCreatePage() {
  const [form] = Form.useForm<NotificationSettingFormValues>();
  const navigate = useNavigate();
  const create = useCreateNotificationSetting();
  // One setting per event: those taken are offered greyed out.
  const existing = useNotificationSettings({ per_page: 'all' });

  const onFinish = async (values: NotificationSettingFormValues) => {
    try {
      const saved = await create.mutateAsync(valuesToBody(values));
      notifySuccess(`Đã thêm cấu hình “${saved.event_label}”.`);
      navigate(urlFor('setting_notifications.show', { id: saved.id }));
    } catch (error) {
      showSettingErrors(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm cấu hình thông báo" subtitle="Chọn sự kiện, kênh gửi, người nhận và nội dung thông báo." />
      <NotificationSettingForm
        form={form}
        initialValues={EMPTY_SETTING}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('setting_notifications.index'))}
        submitting={create.isPending}
        submitLabel="Thêm cấu hình"
        takenEvents={(existing.data?.data ?? []).map((s) => s.event)}
      />
    </>
  );
}
