import type { KpiType } from '@qlcv/common/schemas/kpi-types';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useKpiType, useUpdateKpiType } from '../api/kpi-types-api';
import { DeleteKpiTypeButton } from '../components/delete-kpi-type-button';
import { KpiTypeForm, type KpiTypeFormValues, toKpiTypeBody } from '../components/kpi-type-form';
import { KPI_TYPE_HISTORY } from '../components/kpi-type-history';

export default function KpiTypeEditPage() {
  const id = Number(useParams().id);
  const kpiType = useKpiType(id);
  const navigate = useNavigate();

  if (kpiType.isPending) return <LoadingCard />;
  if (kpiType.isError)
    return (
      <LoadError
        error={kpiType.error}
        onRetry={() => kpiType.refetch()}
        notFoundTitle="Không tìm thấy loại KPI"
        back={<Button onClick={() => navigate(urlFor('kpi_types.index'))}>Về danh sách loại KPI</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditKpiTypeForm
      key={kpiType.data.version}
      kpiType={kpiType.data}
      onReload={() => kpiType.refetch()}
      reloading={kpiType.isFetching}
    />
  );
}

function EditKpiTypeForm({ kpiType, onReload, reloading }: { kpiType: KpiType; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<KpiTypeFormValues>();
  const navigate = useNavigate();
  const update = useUpdateKpiType(kpiType.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const toShow = () => navigate(urlFor('kpi_types.show', { id: kpiType.id }));

  const onFinish = async (values: KpiTypeFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toKpiTypeBody(values), version: kpiType.version });
      notifySuccess(`Đã lưu loại KPI “${saved.name}”.`);
      toShow();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  const { id: _id, criteria_count: _c, version: _v, created_at: _ca, updated_at: _ua, ...values } = kpiType;
  return (
    <>
      <PageHeader
        title={`Sửa loại KPI: ${kpiType.name}`}
        subtitle={`Mã ${kpiType.code} · dùng trong ${kpiType.criteria_count} tiêu chí đánh giá`}
        extra={
          <DeleteKpiTypeButton
            kpiType={kpiType}
            type="default"
            onDeleted={() => navigate(urlFor('kpi_types.index'), { replace: true })}
          />
        }
      />
      <KpiTypeForm
        form={form}
        initialValues={values}
        onFinish={onFinish}
        onCancel={toShow}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      <div style={{ marginTop: 16 }}>
        <RecordHistory entity="kpi_types" id={kpiType.id} {...KPI_TYPE_HISTORY} />
      </div>
    </>
  );
}
