import { EditOutlined, FileSyncOutlined, FileWordOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type TestReportDetail, testReportCorrectBody, testReportUpdateBody } from '@qlcv/common/schemas/test-reports';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/delete-button';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { applyServerErrors, textLimit } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import {
  useCorrectTestReport,
  useDeleteTestReport,
  useDownloadTestReport,
  useSignTestReport,
  useUpdateTestReport,
} from '../api/test-reports-api';

const DRAFT = ['lab.receive', 'lab.approve'];
const APPROVE = ['lab.approve'];
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : DEFAULT_ERROR_MESSAGE);

/**
 * What a version's state allows: a draft's note and QC statement, delete, "Ký phát hành"; a signed version still in
 * force "Sửa đổi (ban hành lần mới)"; a signed version, replaced or not, "Tải phiếu (.docx)" — the file stored at signing.
 * Refusals (403, 409) go to `onRefused`.
 */
export function ReportActions({
  report,
  onRefused,
  onStale,
}: {
  report: TestReportDetail;
  onRefused: (message: string) => void;
  onStale: () => void;
}) {
  const canDraft = useCan(DRAFT);
  const canApprove = useCan(APPROVE);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const sign = useSignTestReport(report.id);
  const remove = useDeleteTestReport(report.id);
  const download = useDownloadTestReport();
  const [editing, setEditing] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const draft = report.state === 'draft';

  const confirmSign = () =>
    modal.confirm({
      title: `Ký phát hành phiếu ${report.number}?`,
      content:
        'Phiếu đã ký không sửa được nữa; muốn thay đổi phải phát hành bản sửa đổi. Bạn không được ký phiếu có kết quả do chính mình phân tích.',
      okText: 'Ký phát hành',
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await sign.mutateAsync(report.version);
          notifySuccess(`Đã ký phát hành phiếu ${report.number}.`);
        } catch (err) {
          onRefused(messageOf(err));
          if (err instanceof ApiError && err.status === 409) onStale();
        }
      },
    });

  return (
    <Space wrap>
      {draft && canDraft && (
        <>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Sửa ghi chú
          </Button>
          <DeleteButton
            type="default"
            noun="phiếu nháp"
            name={report.number}
            content="Phiếu nháp bị xóa; các kết quả phân tích vẫn giữ nguyên và có thể lập phiếu lại."
            remove={() => remove.mutateAsync()}
            onDeleted={() => navigate(urlFor('monitoring.test_reports.index'))}
          />
        </>
      )}
      {draft && canApprove && (
        <Button type="primary" icon={<SafetyCertificateOutlined />} loading={sign.isPending} onClick={confirmSign}>
          Ký phát hành
        </Button>
      )}
      {!draft && report.file_sha256 && (
        <Button icon={<FileWordOutlined />} loading={download.isPending} onClick={() => download.mutate(report)}>
          Tải phiếu (.docx)
        </Button>
      )}
      {!draft && !report.replaced_by && canApprove && (
        <Button icon={<FileSyncOutlined />} onClick={() => setCorrecting(true)}>
          Sửa đổi (ban hành lần mới)
        </Button>
      )}
      {editing && <EditDialog report={report} onClose={() => setEditing(false)} onStale={onStale} />}
      {correcting && <CorrectDialog report={report} onClose={() => setCorrecting(false)} onStale={onStale} />}
    </Space>
  );
}

function EditDialog({ report, onClose, onStale }: { report: TestReportDetail; onClose: () => void; onStale: () => void }) {
  const [form] = Form.useForm<{ note?: string; qc_statement?: string }>();
  const update = useUpdateTestReport(report.id);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      await update.mutateAsync({
        version: report.version,
        note: values.note?.trim() || null,
        qc_statement: values.qc_statement?.trim() || null,
      });
      notifySuccess('Đã lưu ghi chú của phiếu.');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && applyServerErrors(form, err)) return;
      setError({ message: messageOf(err), conflict: err instanceof ApiError && err.status === 409 });
    }
  };
  return (
    <Modal
      open
      title={`Sửa ghi chú phiếu ${report.number}`}
      okText="Lưu"
      cancelText="Hủy"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={update.isPending}
    >
      {error && (
        <Alert
          type={error.conflict ? 'warning' : 'error'}
          showIcon
          role="alert"
          data-testid="edit-report-error"
          description={error.message}
          action={
            error.conflict ? (
              <Button
                size="small"
                onClick={() => {
                  onStale();
                  onClose();
                }}
              >
                Tải lại
              </Button>
            ) : undefined
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={update.isPending}
        initialValues={{ note: report.note ?? '', qc_statement: report.qc_statement ?? '' }}
      >
        <Form.Item name="qc_statement" label="Nhận xét kiểm soát chất lượng">
          <Input.TextArea rows={3} {...textLimit(testReportUpdateBody.shape.qc_statement)} />
        </Form.Item>
        <Form.Item name="note" label="Ghi chú">
          <Input.TextArea rows={3} {...textLimit(testReportUpdateBody.shape.note)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CorrectDialog({ report, onClose, onStale }: { report: TestReportDetail; onClose: () => void; onStale: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const correct = useCorrectTestReport(report.id);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const next = await correct.mutateAsync({ version: report.version, reason: values.reason.trim() });
      notifySuccess(`Đã ban hành phiếu ${next.number} lần ${next.report_version}.`);
      onClose();
      navigate(urlFor('monitoring.test_reports.show', { id: next.id }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && applyServerErrors(form, err)) return;
      setError(messageOf(err));
      if (err instanceof ApiError && err.status === 409) onStale();
    }
  };
  return (
    <Modal
      open
      title={`Sửa đổi phiếu ${report.number}`}
      okText="Ban hành lần mới"
      cancelText="Hủy"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={correct.isPending}
    >
      <Alert
        type="info"
        showIcon
        description={`Phiếu lần ${report.report_version} được giữ nguyên và đánh dấu đã thay thế; phiếu lần ${report.report_version + 1} được ký phát hành với mã xác thực mới.`}
        style={{ marginBottom: 16 }}
      />
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="correct-report-error"
          description={error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" disabled={correct.isPending}>
        <Form.Item
          name="reason"
          label="Lý do sửa đổi"
          rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập lý do sửa đổi' }]}
        >
          <Input.TextArea rows={3} {...textLimit(testReportCorrectBody.shape.reason)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
