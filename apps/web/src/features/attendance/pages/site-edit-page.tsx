import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { type AttendanceSite, useAttendanceSite, useSaveAttendanceSite } from '../api/attendance-api';
import { SITE_HISTORY } from '../components/attendance-history';
import { SiteForm, type SiteFormValues, siteValues, toSiteBody } from '../components/site-form';

export default function SiteEditPage() {
  const id = Number(useParams().id);
  const site = useAttendanceSite(id);
  const navigate = useNavigate();
  if (site.isPending) return <LoadingCard rows={8} />;
  if (site.isError)
    return (
      <LoadError
        error={site.error}
        onRetry={() => site.refetch()}
        notFoundTitle="Không tìm thấy địa điểm chấm công"
        back={<Button onClick={() => navigate(urlFor('attendance.sites.index'))}>Về danh sách địa điểm</Button>}
      />
    );
  return <SiteEdit key={site.data.version} site={site.data} reload={() => site.refetch()} reloading={site.isFetching} />;
}

function SiteEdit({ site, reload, reloading }: { site: AttendanceSite; reload: () => Promise<unknown>; reloading: boolean }) {
  const [form] = Form.useForm<SiteFormValues>();
  const navigate = useNavigate();
  const save = useSaveAttendanceSite(site.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: SiteFormValues) => {
    try {
      const saved = await save.mutateAsync({ ...toSiteBody(values), version: site.version });
      notifySuccess(`Đã lưu địa điểm chấm công ${saved.name}.`);
      navigate(urlFor('attendance.sites.index'));
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader title={`Sửa địa điểm ${site.name}`} />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onReload={async () => {
            await reload();
            setConflict(null);
          }}
        />
      )}
      <SiteForm
        form={form}
        initialValues={siteValues(site)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('attendance.sites.index'))}
        submitting={save.isPending}
        submitLabel="Lưu"
        known={site.users}
      />
      <div style={{ marginTop: 16 }}>
        <RecordHistory entity="attendance_sites" id={site.id} {...SITE_HISTORY} />
      </div>
    </>
  );
}
