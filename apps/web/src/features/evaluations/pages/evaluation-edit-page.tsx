import type { Evaluation } from '@qlcv/common/schemas/evaluations';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { dayjs } from '@/lib/dayjs';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useEvaluation, useUpdateEvaluation } from '../api/evaluations-api';
import { EvaluationForm, type EvaluationFormValues, toEvaluationBody } from '../components/evaluation-form';
import { handleEvaluationError } from '../components/evaluation-save';

const toValues = (e: Evaluation): EvaluationFormValues => ({
  name: e.name,
  period_type: e.period_type,
  period_pick: null,
  period_start: dayjs(e.period_start),
  period_end: dayjs(e.period_end),
  department_ids: e.departments.map((d) => d.id),
  criteria: e.criteria.map((c) => ({ kpi_type_id: c.kpi_type.id, weight: c.weight, target: c.target })),
  self_deadline: dayjs(e.self_deadline),
  review_deadline: dayjs(e.review_deadline),
});

export default function EvaluationEditPage() {
  const id = Number(useParams().id);
  const evaluation = useEvaluation(id);
  const navigate = useNavigate();

  if (evaluation.isPending) return <LoadingCard rows={10} />;
  if (evaluation.isError)
    return (
      <LoadError
        error={evaluation.error}
        onRetry={() => evaluation.refetch()}
        notFoundTitle="Không tìm thấy kỳ đánh giá"
        back={<Button onClick={() => navigate(urlFor('evaluations.index'))}>Về danh sách kỳ đánh giá</Button>}
      />
    );
  if (evaluation.data.status === 'closed')
    return (
      <>
        <PageHeader title={`Sửa kỳ đánh giá: ${evaluation.data.name}`} />
        <Alert
          type="info"
          showIcon
          title="Kỳ đánh giá đã khóa nên không sửa được nữa."
          action={<Link to={urlFor('evaluations.show', { id })}>Xem kỳ đánh giá</Link>}
        />
      </>
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditForm
      key={evaluation.data.version}
      evaluation={evaluation.data}
      onReload={() => evaluation.refetch()}
      reloading={evaluation.isFetching}
    />
  );
}

function EditForm({ evaluation, onReload, reloading }: { evaluation: Evaluation; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<EvaluationFormValues>();
  const navigate = useNavigate();
  const update = useUpdateEvaluation(evaluation.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const [criteriaError, setCriteriaError] = useState<string | null>(null);

  const onFinish = async (values: EvaluationFormValues) => {
    setConflict(null);
    setCriteriaError(null);
    try {
      const saved = await update.mutateAsync({ ...toEvaluationBody(values), version: evaluation.version });
      notifySuccess(`Đã lưu kỳ đánh giá “${saved.name}”.`);
      navigate(urlFor('evaluations.show', { id: evaluation.id }));
    } catch (error) {
      handleEvaluationError(form, error, setCriteriaError, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa kỳ đánh giá: ${evaluation.name}`}
        extra={<Link to={urlFor('evaluations.show', { id: evaluation.id })}>Xem chi tiết</Link>}
      />
      <EvaluationForm
        form={form}
        initialValues={toValues(evaluation)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('evaluations.show', { id: evaluation.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        criteriaError={criteriaError}
        structureLocked={evaluation.status === 'open'}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
