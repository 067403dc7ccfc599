import { MEDIUM_LABELS, type Parameter } from '@qlcv/common/schemas/parameters';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useParameter, useUpdateParameter } from '../api/parameters-api';
import { DeleteParameterButton } from '../components/delete-parameter-button';
import { ParameterForm, type ParameterFormValues, parameterFormValues, toParameterBody } from '../components/parameter-form';
import { PARAMETER_HISTORY } from '../components/parameter-history';

/** One parameter: edited with monitoring.edit, read only with monitoring.show (the route admits either). */
export default function ParameterEditPage() {
  const id = Number(useParams().id);
  const parameter = useParameter(id);
  const navigate = useNavigate();

  if (parameter.isPending) return <LoadingCard />;
  if (parameter.isError)
    return (
      <LoadError
        error={parameter.error}
        onRetry={() => parameter.refetch()}
        notFoundTitle="Không tìm thấy chỉ tiêu"
        back={<Button onClick={() => navigate(urlFor('monitoring.parameters.index'))}>Về danh mục chỉ tiêu</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditParameterForm
      key={parameter.data.version}
      parameter={parameter.data}
      onReload={() => parameter.refetch()}
      reloading={parameter.isFetching}
    />
  );
}

function EditParameterForm({
  parameter,
  onReload,
  reloading,
}: {
  parameter: Parameter;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<ParameterFormValues>();
  const navigate = useNavigate();
  const update = useUpdateParameter(parameter.id);
  const canEdit = useCan(['monitoring.edit']);
  // The history is read with monitoring.show (AUDIT_ENTITIES).
  const canReadHistory = useCan(['monitoring.show']);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('monitoring.parameters.index'));

  const onFinish = async (values: ParameterFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toParameterBody(values), version: parameter.version });
      notifySuccess(`Đã lưu chỉ tiêu “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={canEdit ? `Sửa chỉ tiêu: ${parameter.name}` : `Chỉ tiêu: ${parameter.name}`}
        subtitle={`Mã ${parameter.code} · ${MEDIUM_LABELS[parameter.medium]}`}
        extra={
          canEdit ? (
            <DeleteParameterButton parameter={parameter} type="default" onDeleted={back} />
          ) : (
            <Button onClick={back}>Về danh mục chỉ tiêu</Button>
          )
        }
      />
      <ParameterForm
        form={form}
        initialValues={parameterFormValues(parameter)}
        currentService={parameter.service}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        readOnly={!canEdit}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      {canReadHistory && (
        <div style={{ marginTop: 16 }}>
          <RecordHistory entity="parameters" id={parameter.id} {...PARAMETER_HISTORY} />
        </div>
      )}
    </>
  );
}
