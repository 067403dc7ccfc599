import { CONTRACT_STATUS_LABELS, type ContractDetail } from '@qlcv/common/schemas/contracts';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useContract, useUpdateContract } from '../api/contracts-api';
import { handleContractError } from '../components/contract-errors';
import { ContractForm, type ContractFormValues, toContractBody, toContractValues } from '../components/contract-form';

/** A contract in draft or awaiting approval, edited; the totals are computed again by the server. */
export default function ContractEditPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  const navigate = useNavigate();

  if (contract.isPending) return <LoadingCard rows={10} />;
  if (contract.isError)
    return (
      <LoadError
        error={contract.error}
        onRetry={() => contract.refetch()}
        notFoundTitle="Không tìm thấy hợp đồng"
        back={<Button onClick={() => navigate(urlFor('contracts.index'))}>Về danh sách hợp đồng</Button>}
      />
    );
  if (!contract.data.can.edit)
    return (
      <Alert
        type="info"
        showIcon
        title={`Hợp đồng ${contract.data.number} đang ở trạng thái ${CONTRACT_STATUS_LABELS[contract.data.status]}, không còn sửa được (chỉ sửa khi Nháp hoặc Chờ duyệt).`}
        action={<Link to={urlFor('contracts.show', { id })}>Xem chi tiết</Link>}
      />
    );
  return (
    <EditContractForm
      key={contract.data.version}
      contract={contract.data}
      onReload={() => contract.refetch()}
      reloading={contract.isFetching}
    />
  );
}

function EditContractForm({
  contract,
  onReload,
  reloading,
}: {
  contract: ContractDetail;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<ContractFormValues>();
  const navigate = useNavigate();
  const update = useUpdateContract(contract.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: ContractFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toContractBody(values), version: contract.version });
      notifySuccess(`Đã lưu hợp đồng ${saved.number}.`);
      navigate(urlFor('contracts.show', { id: contract.id }));
    } catch (error) {
      handleContractError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa hợp đồng ${contract.number}`}
        subtitle={contract.customer.name}
        extra={<Link to={urlFor('contracts.show', { id: contract.id })}>Xem chi tiết</Link>}
      />
      <ContractForm
        form={form}
        initialValues={toContractValues(contract)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('contracts.show', { id: contract.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        contract={contract}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
