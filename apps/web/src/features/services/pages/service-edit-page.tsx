import type { Service } from '@qlcv/common/schemas/services';
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
import ForbiddenPage from '@/pages/forbidden-page';
import { useService, useUpdateService } from '../api/services-api';
import { DeleteServiceButton } from '../components/delete-service-button';
import { ServiceForm, type ServiceFormValues, toServiceBody } from '../components/service-form';
import { SERVICE_HISTORY } from '../components/service-history';

export default function ServiceEditPage() {
  const id = Number(useParams().id);
  const canEdit = useCan(['settings.edit']);
  const service = useService(canEdit ? id : 0);
  const navigate = useNavigate();

  if (!canEdit) return <ForbiddenPage />;
  if (service.isPending) return <LoadingCard />;
  if (service.isError)
    return (
      <LoadError
        error={service.error}
        onRetry={() => service.refetch()}
        notFoundTitle="Không tìm thấy dịch vụ"
        back={<Button onClick={() => navigate(urlFor('master_data.index'))}>Về danh mục dịch vụ</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditServiceForm
      key={service.data.version}
      service={service.data}
      onReload={() => service.refetch()}
      reloading={service.isFetching}
    />
  );
}

function EditServiceForm({ service, onReload, reloading }: { service: Service; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<ServiceFormValues>();
  const navigate = useNavigate();
  const update = useUpdateService(service.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const back = () => navigate(urlFor('master_data.index'));

  const onFinish = async (values: ServiceFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toServiceBody(values), version: service.version });
      notifySuccess(`Đã lưu dịch vụ “${saved.name}”.`);
      back();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa dịch vụ: ${service.name}`}
        subtitle={`Mã ${service.code}`}
        extra={<DeleteServiceButton service={service} type="default" onDeleted={back} />}
      />
      <ServiceForm
        form={form}
        initialValues={{
          code: service.code,
          name: service.name,
          group: service.group,
          unit_id: service.unit_id,
          unit_price: service.unit_price,
          vat_rate: service.vat_rate,
          vat_reducible: service.vat_reducible,
          description: service.description,
          active: service.active,
        }}
        currentUnitId={service.unit_id}
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      <div style={{ marginTop: 16 }}>
        <RecordHistory entity="services" id={service.id} {...SERVICE_HISTORY} />
      </div>
    </>
  );
}
