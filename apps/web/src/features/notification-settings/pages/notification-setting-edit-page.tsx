import type { NotificationSetting } from '@qlcv/common/schemas/notification-settings';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useNotificationSetting, useUpdateNotificationSetting } from '../api/notification-settings-api';
import {
  NotificationSettingForm,
  type NotificationSettingFormValues,
  settingToValues,
  showSettingErrors,
  valuesToBody,
} from '../components/notification-setting-form';

export default function NotificationSettingEditPage() {
  const id = Number(useParams().id);
  const setting = useNotificationSetting(id);
  const navigate = useNavigate();

  if (setting.isPending) return <LoadingCard rows={12} />;
  if (setting.isError)
    return (
      <LoadError
        error={setting.error}
        onRetry={() => setting.refetch()}
        notFoundTitle="Không tìm thấy cấu hình thông báo"
        back={<Button onClick={() => navigate(urlFor('setting_notifications.index'))}>Về danh sách cấu hình</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditForm
      key={setting.data.version}
      setting={setting.data}
      onReload={() => setting.refetch()}
      reloading={setting.isFetching}
    />
  );
}

function EditForm({ setting, onReload, reloading }: { setting: NotificationSetting; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<NotificationSettingFormValues>();
  const navigate = useNavigate();
  const update = useUpdateNotificationSetting(setting.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: NotificationSettingFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...valuesToBody(values), version: setting.version });
      notifySuccess(`Đã lưu cấu hình “${saved.event_label}”.`);
      navigate(urlFor('setting_notifications.show', { id: setting.id }));
    } catch (error) {
      showSettingErrors(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa cấu hình: ${setting.event_label}`}
        extra={<Link to={urlFor('setting_notifications.show', { id: setting.id })}>Xem chi tiết</Link>}
      />
      <NotificationSettingForm
        form={form}
        initialValues={settingToValues(setting)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('setting_notifications.show', { id: setting.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        lockEvent
        knownUsers={setting.recipient_names.users}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
