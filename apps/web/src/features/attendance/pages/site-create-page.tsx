import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useSaveAttendanceSite } from '../api/attendance-api';
import { EMPTY_SITE, SiteForm, type SiteFormValues, toSiteBody } from '../components/site-form';

export default function SiteCreatePage() {
  const [form] = Form.useForm<SiteFormValues>();
  const navigate = useNavigate();
  const save = useSaveAttendanceSite();

  const onFinish = async (values: SiteFormValues) => {
    try {
      const site = await save.mutateAsync(toSiteBody(values));
      notifySuccess(`Đã thêm địa điểm chấm công ${site.name}.`);
      navigate(urlFor('attendance.sites.index'));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm địa điểm chấm công"
        subtitle="Văn phòng, điểm quan trắc hoặc nhà máy nơi nhân viên chấm công bằng GPS."
      />
      <SiteForm
        form={form}
        initialValues={EMPTY_SITE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('attendance.sites.index'))}
        submitting={save.isPending}
        submitLabel="Thêm địa điểm"
      />
    </>
  );
}
