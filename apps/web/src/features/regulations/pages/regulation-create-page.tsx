import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateRegulation } from '../api/regulations-api';
import { RegulationForm } from '../components/regulation-form';
import { checkRegulationForm, placeRegulationErrors } from '../components/regulation-form-errors';
import { EMPTY_REGULATION, type RegulationFormValues, toRegulationBody } from '../components/regulation-form-values';

/** A new regulation with its columns, factors and limits (regulations.edit, as the route). */
export default function RegulationCreatePage() {
  const [form] = Form.useForm<RegulationFormValues>();
  const navigate = useNavigate();
  const create = useCreateRegulation();

  const onFinish = async () => {
    // The whole store: limit rows read as text have no mounted fields, and `onFinish` gives only the mounted ones.
    const body = toRegulationBody(form.getFieldsValue(true) as RegulationFormValues);
    if (!checkRegulationForm(form, body)) return;
    try {
      const saved = await create.mutateAsync(body);
      notifySuccess(`Đã thêm quy chuẩn ${saved.code}.`);
      navigate(urlFor('regulations.show', { id: saved.id }));
    } catch (error) {
      // A limit's, a column's or a factor's error (`limits.3.max`, `factors.0.values.1.value`) goes on that field.
      if (!placeRegulationErrors(form, error)) handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm quy chuẩn"
        subtitle="Quy chuẩn kỹ thuật quốc gia với thời gian hiệu lực, các cột giá trị, hệ số và giá trị giới hạn của từng thông số."
      />
      <RegulationForm
        form={form}
        initialValues={EMPTY_REGULATION}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('regulations.index'))}
        submitting={create.isPending}
        submitLabel="Thêm quy chuẩn"
      />
    </>
  );
}
