import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateUnit } from '../api/units-api';
import { EMPTY_UNIT, toUnitBody, UnitForm, type UnitFormValues } from '../components/unit-form';

export default function UnitCreatePage() {
  const [form] = Form.useForm<UnitFormValues>();
  const navigate = useNavigate();
  const create = useCreateUnit();

  const onFinish = async (values: UnitFormValues) => {
    try {
      const unit = await create.mutateAsync(toUnitBody(values));
      notifySuccess(`Đã thêm đơn vị tính “${unit.name}”.`);
      navigate(urlFor('settings.units.index'));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm đơn vị tính" subtitle="Đơn vị dùng để tính giá dịch vụ, ví dụ: mẫu, lần, điểm, ngày công." />
      <UnitForm
        form={form}
        initialValues={EMPTY_UNIT}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('settings.units.index'))}
        submitting={create.isPending}
        submitLabel="Thêm đơn vị tính"
      />
    </>
  );
}
