import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateEquipment } from '../api/equipment-api';
import { EMPTY_EQUIPMENT, EquipmentForm, type EquipmentFormValues, toEquipmentBody } from '../components/equipment-form';

/** A new instrument or vehicle (equipment.create, as the route). */
export default function EquipmentCreatePage() {
  const [form] = Form.useForm<EquipmentFormValues>();
  const navigate = useNavigate();
  const create = useCreateEquipment();
  const back = () => navigate(urlFor('monitoring.equipment.index'));

  const onFinish = async (values: EquipmentFormValues) => {
    try {
      const saved = await create.mutateAsync(toEquipmentBody(values));
      notifySuccess(`Đã thêm ${saved.kind === 'vehicle' ? 'phương tiện' : 'thiết bị'} “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm thiết bị, phương tiện"
        subtitle="Thiết bị đo, lấy mẫu hoặc xe của đội hiện trường, với hạn hiệu chuẩn hay hạn đăng kiểm."
      />
      <EquipmentForm
        form={form}
        initialValues={EMPTY_EQUIPMENT}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Thêm mới"
      />
    </>
  );
}
