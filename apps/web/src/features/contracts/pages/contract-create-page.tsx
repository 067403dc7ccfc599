import type { ContractPrefill } from '@qlcv/common/schemas/contracts';
import type { CustomerOption } from '@qlcv/common/schemas/customers';
import { Button, Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useContractPrefill, useCreateContract, useCustomerOption } from '../api/contracts-api';
import { handleContractError } from '../components/contract-errors';
import { ContractForm, type ContractFormValues, EMPTY_CONTRACT, toContractBody } from '../components/contract-form';

const idOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A new contract: empty, for a customer (`?customer_id=`) or from a request (`?request_id=`, customer and services filled). */
export default function ContractCreatePage() {
  const [params] = useSearchParams();
  const requestId = idOf(params.get('request_id'));
  const customerId = requestId ? null : idOf(params.get('customer_id'));
  const prefill = useContractPrefill(requestId);
  const customer = useCustomerOption(customerId);
  const navigate = useNavigate();

  if ((requestId && prefill.isPending) || (customerId && customer.isPending)) return <LoadingCard rows={10} />;
  if (requestId && prefill.isError)
    return (
      <LoadError
        error={prefill.error}
        onRetry={() => prefill.refetch()}
        notFoundTitle="Không tìm thấy yêu cầu"
        back={<Button onClick={() => navigate(urlFor('contracts.create'))}>Tạo hợp đồng trống</Button>}
      />
    );
  return (
    <CreateForm
      key={`${requestId ?? ''}-${customerId ?? ''}`}
      prefill={requestId ? prefill.data : undefined}
      customer={customerId ? (customer.data ?? undefined) : undefined}
    />
  );
}

function CreateForm({ prefill, customer }: { prefill?: ContractPrefill; customer?: CustomerOption }) {
  const [form] = Form.useForm<ContractFormValues>();
  const navigate = useNavigate();
  const create = useCreateContract();

  const initialValues: ContractFormValues = prefill
    ? {
        ...EMPTY_CONTRACT,
        customer_id: prefill.customer_id,
        request_id: prefill.request_id,
        title: prefill.title,
        items: prefill.items.map((i) => ({ ...i })),
      }
    : { ...EMPTY_CONTRACT, customer_id: customer?.id ?? null };

  const onFinish = async (values: ContractFormValues) => {
    try {
      const contract = await create.mutateAsync(toContractBody(values));
      notifySuccess(`Đã tạo hợp đồng ${contract.number}.`);
      navigate(urlFor('contracts.show', { id: contract.id }));
    } catch (error) {
      handleContractError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Tạo hợp đồng"
        subtitle={
          prefill
            ? `Từ yêu cầu ${prefill.request.code}: khách hàng và dịch vụ đã được điền sẵn, hãy kiểm tra lại số lượng và đơn giá.`
            : 'Hợp đồng được lưu ở trạng thái Nháp; gửi duyệt và ký trên trang chi tiết.'
        }
      />
      <ContractForm
        form={form}
        initialValues={initialValues}
        onFinish={onFinish}
        onCancel={() => navigate(prefill ? urlFor('requests.show', { id: prefill.request_id }) : urlFor('contracts.index'))}
        submitting={create.isPending}
        submitLabel="Lưu hợp đồng"
        prefilled={{ customer: prefill?.customer ?? customer, request: prefill?.request }}
      />
    </>
  );
}
