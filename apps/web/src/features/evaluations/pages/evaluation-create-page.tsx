import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateEvaluation } from '../api/evaluations-api';
import { EvaluationForm, type EvaluationFormValues, toEvaluationBody } from '../components/evaluation-form';
import { handleEvaluationError } from '../components/evaluation-save';

const EMPTY: EvaluationFormValues = {
  name: '',
  period_type: 'quarter',
  period_pick: null,
  period_start: null,
  period_end: null,
  department_ids: [],
  criteria: [],
  self_deadline: null,
  review_deadline: null,
};

export default function EvaluationCreatePage() {
  const [form] = Form.useForm<EvaluationFormValues>();
  const navigate = useNavigate();
  const create = useCreateEvaluation();
  const [criteriaError, setCriteriaError] = useState<string | null>(null);

  const onFinish = async (values: EvaluationFormValues) => {
    setCriteriaError(null);
    try {
      const saved = await create.mutateAsync(toEvaluationBody(values));
      notifySuccess(`Đã tạo kỳ đánh giá “${saved.name}”.`);
      navigate(urlFor('evaluations.show', { id: saved.id }));
    } catch (error) {
      handleEvaluationError(form, error, setCriteriaError);
    }
  };

  return (
    <>
      <PageHeader
        title="Tạo kỳ đánh giá"
        subtitle="Chọn kỳ, phòng ban áp dụng và các tiêu chí (tổng trọng số 100). Phiếu của nhân viên được tạo khi mở kỳ."
      />
      <EvaluationForm
        form={form}
        initialValues={EMPTY}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('evaluations.index'))}
        submitting={create.isPending}
        submitLabel="Tạo kỳ đánh giá"
        criteriaError={criteriaError}
      />
    </>
  );
}
