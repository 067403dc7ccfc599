import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { placeNestedErrors } from '@/features/customers';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateSite } from '../api/sites-api';
import { EMPTY_SITE, SiteForm, type SiteFormValues, siteFormError, toSiteBody } from '../components/site-form';

export default function SiteCreatePage() {
  const [form] = Form.useForm<SiteFormValues>();
  const navigate = useNavigate();
  const create = useCreateSite();

  const onFinish = async (values: SiteFormValues) => {
    const body = toSiteBody(values);
    try {
      const site = await create.mutateAsync(body);
      notifySuccess(`Đã thêm cơ sở “${site.name}” (${site.code}).`);
      navigate(urlFor('monitoring.sites.show', { id: site.id }));
    } catch (error) {
      // Errors of a point or a plan line (`points.1.code`, `points.0.plan.2.parameter_id`) go on that field.
      // A chosen factor's error (`points.0.regulation_factors.1.value`) goes on that factor's picker.
      const placed = siteFormError(error, body);
      if (!placeNestedErrors(form, placed)) handleSubmitError(form, placed);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm cơ sở quan trắc"
        subtitle="Cơ sở của khách hàng, giấy phép môi trường và các điểm quan trắc cùng kế hoạch của từng điểm."
      />
      <SiteForm
        form={form}
        initialValues={EMPTY_SITE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('monitoring.sites.index'))}
        submitting={create.isPending}
        submitLabel="Thêm cơ sở"
      />
    </>
  );
}
