import { Alert, Button, Form } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { placeNestedErrors } from '@/features/customers';
import { dayjs } from '@/lib/dayjs';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateMonitoringProgram, useProgramContracts } from '../api/monitoring-programs-api';
import { EMPTY_PROGRAM, ProgramForm, type ProgramFormValues, toProgramBody } from '../components/program-form';

/** "Lập chương trình": on its own, or from a contract's page (`?contract_id=`), its customer's sites and its dates. */
export default function ProgramCreatePage() {
  const [form] = Form.useForm<ProgramFormValues>();
  const navigate = useNavigate();
  const create = useCreateMonitoringProgram();
  const contractId = Number(useSearchParams()[0].get('contract_id')) || null;
  const source = useProgramContracts({ id: contractId });
  const contract = source.data?.[0];

  const onFinish = async (values: ProgramFormValues) => {
    try {
      const program = await create.mutateAsync(toProgramBody(values));
      notifySuccess(`Đã lập chương trình “${program.name}” với ${program.progress.rounds} đợt quan trắc.`);
      navigate(urlFor('monitoring.programs.show', { id: program.id }));
    } catch (error) {
      if (!placeNestedErrors(form, error)) handleSubmitError(form, error);
    }
  };

  if (contractId && source.isPending) return <LoadingCard rows={8} />;
  const back = () => navigate(contractId ? urlFor('contracts.show', { id: contractId }) : urlFor('monitoring.programs.index'));
  const initialValues: ProgramFormValues = contract?.pricing
    ? { ...EMPTY_PROGRAM, contract_id: contract.id, period: [dayjs(contract.start_date), dayjs(contract.end_date)] }
    : EMPTY_PROGRAM;

  return (
    <>
      <PageHeader
        title="Lập chương trình quan trắc"
        subtitle={
          contract
            ? `Theo hợp đồng ${contract.number} — ${contract.customer.name}`
            : 'Một cơ sở trong một khoảng thời gian: các điểm, chỉ tiêu, tần suất và các đợt quan trắc.'
        }
      />
      {contractId && !source.isPending && !contract?.pricing && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={contract ? `Hợp đồng ${contract.number} chưa ký` : 'Không tìm thấy hợp đồng'}
          description="Chỉ lập chương trình từ hợp đồng đã ký hoặc đang thực hiện. Bạn vẫn có thể lập chương trình không theo hợp đồng."
          action={<Button onClick={back}>Quay lại</Button>}
        />
      )}
      <ProgramForm
        form={form}
        initialValues={initialValues}
        onFinish={onFinish}
        onCancel={back}
        submitting={create.isPending}
        submitLabel="Lập chương trình"
        fromContract={contract?.pricing ? contract : undefined}
      />
    </>
  );
}
