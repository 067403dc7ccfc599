import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { ContractTemplate } from '@qlcv/common/schemas/contract-templates';
import { Alert, Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import ForbiddenPage from '@/pages/forbidden-page';
import { useContractTemplate, useTemplateDownloads, useUpdateContractTemplate } from '../api/contract-templates-api';
import {
  ContractTemplateForm,
  type ContractTemplateFormValues,
  CurrentFile,
  showSubmitError,
} from '../components/contract-template-form';
import { CONTRACT_TEMPLATE_HISTORY } from '../components/contract-template-history';
import { DeleteContractTemplateButton } from '../components/delete-contract-template-button';

export default function ContractTemplateEditPage() {
  const id = Number(useParams().id);
  const canEdit = useCan(['settings.edit']);
  const template = useContractTemplate(canEdit ? id : 0);
  const navigate = useNavigate();

  if (!canEdit) return <ForbiddenPage />;
  if (template.isPending) return <LoadingCard rows={10} />;
  if (template.isError)
    return (
      <LoadError
        error={template.error}
        onRetry={() => template.refetch()}
        notFoundTitle="Không tìm thấy mẫu hợp đồng"
        back={<Button onClick={() => navigate(urlFor('contract_templates.index'))}>Về danh sách mẫu hợp đồng</Button>}
      />
    );
  // Keyed by version: a reload after a conflict (or a save) starts the form again from the saved record.
  return (
    <EditForm
      key={template.data.version}
      template={template.data}
      onReload={() => template.refetch()}
      reloading={template.isFetching}
    />
  );
}

function EditForm({ template, onReload, reloading }: { template: ContractTemplate; onReload: () => void; reloading: boolean }) {
  const [form] = Form.useForm<ContractTemplateFormValues>();
  const navigate = useNavigate();
  const update = useUpdateContractTemplate(template.id);
  const downloads = useTemplateDownloads();
  const [conflict, setConflict] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ message: string; list: string[] } | null>(null);
  const back = () => navigate(urlFor('contract_templates.index'));

  const onFinish = async (values: ContractTemplateFormValues) => {
    setConflict(null);
    setProblems(null);
    try {
      const saved = await update.mutateAsync({
        code: values.code.trim(),
        name: values.name.trim(),
        description: values.description?.trim() || null,
        active: values.active,
        file,
        version: template.version,
      });
      notifySuccess(
        file
          ? `Đã lưu mẫu hợp đồng “${saved.name}” với tệp mới (${saved.placeholders.length} trường trộn).`
          : `Đã lưu mẫu hợp đồng “${saved.name}”.`,
      );
    } catch (error) {
      showSubmitError(form, error, setProblems, setConflict);
    }
  };

  const current = template.file ? (
    <CurrentFile
      name={template.file.original_name}
      size={template.file.size}
      extra={
        <Space wrap size={4}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={downloads.file.isPending}
            onClick={() => downloads.file.mutate(template)}
          >
            Tải tệp mẫu
          </Button>
          <Button
            size="small"
            icon={<EyeOutlined />}
            loading={downloads.preview.isPending}
            onClick={() => downloads.preview.mutate(template)}
          >
            Xem thử (dữ liệu mẫu)
          </Button>
        </Space>
      }
    />
  ) : (
    <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="Mẫu chưa có tệp .docx; hãy tải lên một tệp." />
  );

  return (
    <>
      <PageHeader
        title={`${template.kind === 'test_report' ? 'Sửa mẫu phiếu kết quả' : 'Sửa mẫu hợp đồng'}: ${template.name}`}
        subtitle={`Mã ${template.code} · ${template.placeholders.length} trường trộn · dùng cho ${template.contracts_count} hợp đồng`}
        extra={<DeleteContractTemplateButton template={template} type="default" onDeleted={back} />}
      />
      <ContractTemplateForm
        form={form}
        initialValues={{
          code: template.code,
          name: template.name,
          description: template.description,
          active: template.active,
          kind: template.kind,
        }}
        kindLocked
        onFinish={onFinish}
        onCancel={back}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        file={file}
        onFile={(f) => {
          setFile(f);
          setProblems(null);
        }}
        current={current}
        problems={problems}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
      <div style={{ marginTop: 16 }}>
        <RecordHistory entity="contract_templates" id={template.id} {...CONTRACT_TEMPLATE_HISTORY} />
      </div>
    </>
  );
}
