import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useCreateKpiType } from '../api/kpi-types-api';
import { EMPTY_KPI_TYPE, KpiTypeForm, type KpiTypeFormValues, toKpiTypeBody } from '../components/kpi-type-form';

export default function KpiTypeCreatePage() {
  const [form] = Form.useForm<KpiTypeFormValues>();
  const navigate = useNavigate();
  const create = useCreateKpiType();
  const canShow = useCan(['kpi_types.show', 'kpi_types.edit']);

  const onFinish = async (values: KpiTypeFormValues) => {
    try {
      const saved = await create.mutateAsync(toKpiTypeBody(values));
      notifySuccess(`Đã thêm loại KPI “${saved.name}”.`);
      navigate(canShow ? urlFor('kpi_types.show', { id: saved.id }) : urlFor('kpi_types.index'));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm loại KPI"
        subtitle="Chỉ tiêu dùng trong kỳ đánh giá: chọn cách đo tự động từ dữ liệu công việc, yêu cầu, hoặc nhập tay."
      />
      <KpiTypeForm
        form={form}
        initialValues={EMPTY_KPI_TYPE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('kpi_types.index'))}
        submitting={create.isPending}
        submitLabel="Thêm loại KPI"
      />
    </>
  );
}
