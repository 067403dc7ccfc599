import type { SiteDetail } from '@qlcv/common/schemas/sites';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { placeNestedErrors } from '@/features/customers';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useSite, useUpdateSite } from '../api/sites-api';
import { SiteForm, type SiteFormValues, siteFormError, toSiteBody, toSiteValues } from '../components/site-form';

export default function SiteEditPage() {
  const id = Number(useParams().id);
  const site = useSite(id);
  const navigate = useNavigate();

  if (site.isPending) return <LoadingCard rows={12} />;
  if (site.isError)
    return (
      <LoadError
        error={site.error}
        onRetry={() => site.refetch()}
        notFoundTitle="Không tìm thấy cơ sở quan trắc"
        back={<Button onClick={() => navigate(urlFor('monitoring.sites.index'))}>Về danh sách cơ sở</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return <EditSiteForm key={site.data.version} site={site.data} onReload={() => site.refetch()} reloading={site.isFetching} />;
}

function EditSiteForm({ site, onReload, reloading }: { site: SiteDetail; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<SiteFormValues>();
  const navigate = useNavigate();
  const update = useUpdateSite(site.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: SiteFormValues) => {
    setConflict(null);
    const body = toSiteBody(values);
    try {
      const saved = await update.mutateAsync({ ...body, version: site.version });
      notifySuccess(`Đã lưu cơ sở “${saved.name}”.`);
      navigate(urlFor('monitoring.sites.show', { id: site.id }));
    } catch (error) {
      const placed = siteFormError(error, body);
      if (!placeNestedErrors(form, placed)) handleSubmitError(form, placed, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa cơ sở: ${site.name}`}
        subtitle={`Mã cơ sở ${site.code}`}
        extra={<Link to={urlFor('monitoring.sites.show', { id: site.id })}>Xem chi tiết</Link>}
      />
      <SiteForm
        form={form}
        initialValues={toSiteValues(site)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('monitoring.sites.show', { id: site.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        site={site}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
