import type { Unit } from '@qlcv/common/schemas/units';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useUnit, useUpdateUnit } from '../api/units-api';
import { DeleteUnitButton } from '../components/delete-unit-button';
import { toUnitBody, UnitForm, type UnitFormValues } from '../components/unit-form';
import { UNIT_HISTORY } from '../components/unit-history';

export default function UnitEditPage() {
  const id = Number(useParams().id);
  const unit = useUnit(id);
  const navigate = useNavigate();

  if (unit.isPending) return <LoadingCard />;
  if (unit.isError)
    return (
      <LoadError
        error={unit.error}
        onRetry={() => unit.refetch()}
        notFoundTitle="Không tìm thấy đơn vị tính"
        back={<Button onClick={() => navigate(urlFor('settings.units.index'))}>Về danh sách đơn vị tính</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return <EditUnitForm key={unit.data.version} unit={unit.data} onReload={() => unit.refetch()} reloading={unit.isFetching} />;
}

function EditUnitForm({ unit, onReload, reloading }: { unit: Unit; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<UnitFormValues>();
  const navigate = useNavigate();
  const update = useUpdateUnit(unit.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('settings.units.index'));

  const onFinish = async (values: UnitFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toUnitBody(values), version: unit.version });
      notifySuccess(`Đã lưu đơn vị tính “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa đơn vị tính: ${unit.name}`}
        subtitle={`Mã ${unit.code} · ${unit.services_count} dịch vụ đang dùng`}
        extra={<DeleteUnitButton unit={unit} type="default" onDeleted={back} />}
      />
      <UnitForm
        form={form}
        initialValues={{ code: unit.code, name: unit.name, description: unit.description, active: unit.active }}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      <div style={{ marginTop: 16 }}>
        <RecordHistory entity="units" id={unit.id} {...UNIT_HISTORY} />
      </div>
    </>
  );
}
