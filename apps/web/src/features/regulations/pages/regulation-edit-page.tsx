import type { Regulation } from '@qlcv/common/schemas/regulations';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useRegulation, useUpdateRegulation } from '../api/regulations-api';
import { RegulationForm } from '../components/regulation-form';
import { checkRegulationForm, placeRegulationErrors } from '../components/regulation-form-errors';
import { type RegulationFormValues, regulationFormValues, toRegulationBody } from '../components/regulation-form-values';

/** A regulation's head, columns, factors and limits, edited with regulations.edit (as the route). */
export default function RegulationEditPage() {
  const id = Number(useParams().id);
  const regulation = useRegulation(id);
  const navigate = useNavigate();

  if (regulation.isPending) return <LoadingCard rows={10} />;
  if (regulation.isError)
    return (
      <LoadError
        error={regulation.error}
        onRetry={() => regulation.refetch()}
        notFoundTitle="Không tìm thấy quy chuẩn"
        back={<Button onClick={() => navigate(urlFor('regulations.index'))}>Về danh sách quy chuẩn</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditRegulationForm
      key={regulation.data.version}
      regulation={regulation.data}
      onReload={() => regulation.refetch()}
      reloading={regulation.isFetching}
    />
  );
}

function EditRegulationForm({
  regulation,
  onReload,
  reloading,
}: {
  regulation: Regulation;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<RegulationFormValues>();
  const navigate = useNavigate();
  const update = useUpdateRegulation(regulation.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('regulations.show', { id: regulation.id }));

  const onFinish = async () => {
    setConflict(null);
    // The whole store: limit rows read as text have no mounted fields, and `onFinish` gives only the mounted ones.
    const body = toRegulationBody(form.getFieldsValue(true) as RegulationFormValues);
    if (!checkRegulationForm(form, body)) return;
    try {
      const saved = await update.mutateAsync({ ...body, version: regulation.version });
      notifySuccess(`Đã lưu quy chuẩn ${saved.code}.`);
      back();
    } catch (error) {
      // A limit's, a column's or a factor's error (`limits.3.max`) goes on that field; a stale version asks to reload.
      if (!placeRegulationErrors(form, error)) handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader title={`Sửa quy chuẩn: ${regulation.code}`} subtitle={regulation.title} />
      <RegulationForm
        form={form}
        initialValues={regulationFormValues(regulation)}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        editingId={regulation.id}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
