import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { urlFor } from '@/lib/routes';
import { useAttendanceSettings } from '../api/attendance-api';
import { SETTINGS_HISTORY } from '../components/attendance-history';
import { RulesForm } from '../components/rules-form';

/** Cài đặt chấm công: the rules (required, accuracy, grace, office networks, working hours). */
export default function AttendanceSettingsPage() {
  const navigate = useNavigate();
  const settings = useAttendanceSettings();
  return (
    <>
      <PageHeader
        title="Cài đặt chấm công"
        subtitle="Quy định chấm công, mạng văn phòng và giờ làm việc."
        extra={
          <Button icon={<EnvironmentOutlined />} onClick={() => navigate(urlFor('attendance.sites.index'))}>
            Địa điểm chấm công
          </Button>
        }
      />
      {settings.isPending ? (
        <LoadingCard rows={8} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <>
          <RulesForm
            key={settings.data.version}
            settings={settings.data}
            onReload={() => settings.refetch()}
            reloading={settings.isFetching}
          />
          <div style={{ marginTop: 16 }}>
            <RecordHistory entity="attendance_settings" id={1} {...SETTINGS_HISTORY} />
          </div>
        </>
      )}
    </>
  );
}
