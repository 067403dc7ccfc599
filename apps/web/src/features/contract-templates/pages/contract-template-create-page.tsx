import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import ForbiddenPage from '@/pages/forbidden-page';
import { useCreateContractTemplate } from '../api/contract-templates-api';
import {
  ContractTemplateForm,
  type ContractTemplateFormValues,
  EMPTY_CONTRACT_TEMPLATE,
  showSubmitError,
} from '../components/contract-template-form';

export default function ContractTemplateCreatePage() {
  const canEdit = useCan(['settings.edit']);
  const [form] = Form.useForm<ContractTemplateFormValues>();
  const navigate = useNavigate();
  const create = useCreateContractTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ message: string; list: string[] } | null>(null);
  const kind = Form.useWatch('kind', form);

  if (!canEdit) return <ForbiddenPage />;

  const onFinish = async (values: ContractTemplateFormValues) => {
    if (!file) {
      setFileError('Vui lòng chọn tệp mẫu hợp đồng (.docx).');
      return;
    }
    setProblems(null);
    try {
      const saved = await create.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        description: values.description?.trim() || null,
        active: values.active,
        kind: values.kind,
        file,
      });
      const noun = saved.kind === 'test_report' ? 'mẫu phiếu kết quả' : 'mẫu hợp đồng';
      notifySuccess(`Đã thêm ${noun} “${saved.name}” (${saved.placeholders.length} trường trộn).`);
      navigate(urlFor('contract_templates.edit', { id: saved.id }));
    } catch (error) {
      showSubmitError(form, error, setProblems);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm mẫu hợp đồng / phiếu kết quả"
        subtitle="Tải lên tệp Word (.docx) có các trường trộn; có thể bắt đầu từ “Tải mẫu gợi ý”."
      />
      <ContractTemplateForm
        form={form}
        initialValues={EMPTY_CONTRACT_TEMPLATE}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('contract_templates.index'))}
        submitting={create.isPending}
        submitLabel={kind === 'test_report' ? 'Thêm mẫu phiếu kết quả' : 'Thêm mẫu hợp đồng'}
        file={file}
        onFile={(f) => {
          setFile(f);
          setFileError(null);
          setProblems(null);
        }}
        fileError={fileError}
        problems={problems}
      />
    </>
  );
}
