import { EQUIPMENT_KIND_LABELS, type Equipment } from '@qlcv/common/schemas/equipment';
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
import { useEquipment, useUpdateEquipment } from '../api/equipment-api';
import { DeleteEquipmentButton } from '../components/delete-equipment-button';
import { EquipmentForm, type EquipmentFormValues, equipmentFormValues, toEquipmentBody } from '../components/equipment-form';
import { EQUIPMENT_HISTORY } from '../components/equipment-history';
import { CalibrationTag } from '../components/equipment-labels';

/** One instrument or vehicle: edited with equipment.edit, read only with equipment.show (the route admits either). */
export default function EquipmentEditPage() {
  const id = Number(useParams().id);
  const equipment = useEquipment(id);
  const navigate = useNavigate();

  if (equipment.isPending) return <LoadingCard />;
  if (equipment.isError)
    return (
      <LoadError
        error={equipment.error}
        onRetry={() => equipment.refetch()}
        notFoundTitle="Không tìm thấy thiết bị, phương tiện"
        back={<Button onClick={() => navigate(urlFor('monitoring.equipment.index'))}>Về danh sách thiết bị</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditEquipmentForm
      key={equipment.data.version}
      equipment={equipment.data}
      onReload={() => equipment.refetch()}
      reloading={equipment.isFetching}
    />
  );
}

function EditEquipmentForm({
  equipment,
  onReload,
  reloading,
}: {
  equipment: Equipment;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<EquipmentFormValues>();
  const navigate = useNavigate();
  const update = useUpdateEquipment(equipment.id);
  const canEdit = useCan(['equipment.edit']);
  // The history is read with equipment.show or .edit (AUDIT_ENTITIES).
  const canReadHistory = useCan(['equipment.show', 'equipment.edit']);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('monitoring.equipment.index'));
  const noun = equipment.kind === 'vehicle' ? 'phương tiện' : 'thiết bị';

  const onFinish = async (values: EquipmentFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toEquipmentBody(values), version: equipment.version });
      notifySuccess(`Đã lưu ${noun} “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={canEdit ? `Sửa ${noun}: ${equipment.name}` : `${noun[0]?.toUpperCase()}${noun.slice(1)}: ${equipment.name}`}
        subtitle={
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            Mã {equipment.code} · {EQUIPMENT_KIND_LABELS[equipment.kind]}
            <CalibrationTag state={equipment.calibration_state} kind={equipment.kind} daysLeft={equipment.days_left} />
          </span>
        }
        extra={
          canEdit ? (
            <DeleteEquipmentButton equipment={equipment} type="default" onDeleted={back} />
          ) : (
            <Button onClick={back}>Về danh sách thiết bị</Button>
          )
        }
      />
      <EquipmentForm
        form={form}
        initialValues={equipmentFormValues(equipment)}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        readOnly={!canEdit}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      {canReadHistory && (
        <div style={{ marginTop: 16 }}>
          <RecordHistory entity="equipment" id={equipment.id} {...EQUIPMENT_HISTORY} />
        </div>
      )}
    </>
  );
}
