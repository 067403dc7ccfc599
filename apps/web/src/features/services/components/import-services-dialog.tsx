import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import { SERVICE_IMPORT_MAX_BYTES, SERVICE_IMPORT_MAX_ROWS, type ServiceImportResult } from '@qlcv/common/schemas/services';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useImportServices, useServiceImportTemplate } from '../api/services-api';

/** The sheet column each API field comes from, for the report. */
const COLUMN_OF: Record<string, string> = {
  code: 'Mã',
  name: 'Tên dịch vụ',
  group: 'Nhóm',
  unit: 'Đơn vị tính',
  unit_price: 'Đơn giá',
  vat_rate: 'Thuế suất VAT',
  vat_reducible: 'Giảm thuế theo quy định',
  description: 'Mô tả',
  active: 'Đang dùng',
};

interface ReportLine {
  key: number;
  row: number | null;
  column: string;
  message: string;
}

/** `rows[5].unit` + "Dòng 5: …" → row 5, column "Đơn vị tính", the message without its "Dòng 5: ". */
function reportOf(error: ApiError): ReportLine[] {
  return error.errors.map((e, key) => {
    const m = /^rows\[(\d+)\]\.(\w+)$/.exec(e.field ?? '');
    return {
      key,
      row: m ? Number(m[1]) : null,
      column: m ? (COLUMN_OF[m[2] ?? ''] ?? m[2] ?? '') : '',
      message: m ? e.message.replace(/^Dòng \d+: /, '') : e.message,
    };
  });
}

export const importResultText = (r: ServiceImportResult) =>
  `Đã thêm ${formatNumber(r.created)}, cập nhật ${formatNumber(r.updated)} dịch vụ.`;

/** "Nhập Excel": pick an .xlsx in the export's columns; a wrong row imports nothing and the report says why, row by row. */
export function ImportServicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: ReportLine[] } | null>(null);
  const [result, setResult] = useState<ServiceImportResult | null>(null);
  const importer = useImportServices();
  const template = useServiceImportTemplate();

  const reset = () => {
    setFile(null);
    setFailure(null);
    setResult(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const run = async () => {
    if (!file) return;
    setFailure(null);
    setResult(null);
    try {
      const r = await importer.mutateAsync(file);
      setResult(r);
      notifySuccess(importResultText(r));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setFailure({ message: error.message, lines: reportOf(error) });
      else notifyError(error instanceof ApiError ? error.message : 'Không nhập được tệp.');
    }
  };

  return (
    <Modal
      title="Nhập danh mục dịch vụ từ Excel"
      open={open}
      onCancel={close}
      width={820}
      footer={
        <Space>
          <Button onClick={close}>{result ? 'Đóng' : 'Hủy'}</Button>
          <Button type="primary" icon={<UploadOutlined />} disabled={!file} loading={importer.isPending} onClick={run}>
            Nhập dịch vụ
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Tệp .xlsx có các cột như tệp xuất Excel (tối đa {formatNumber(SERVICE_IMPORT_MAX_ROWS)} dòng,{' '}
        {SERVICE_IMPORT_MAX_BYTES / 1024 / 1024} MB). Mã đã có thì dịch vụ được cập nhật, mã mới thì được thêm. Nếu có dòng sai,
        không dịch vụ nào được nhập.{' '}
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={template.isPending}
          onClick={() => template.mutate()}
        >
          Tải tệp mẫu
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          reset();
          setFile(f);
          return false;
        }}
        onRemove={() => {
          reset();
          return true;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Bấm hoặc kéo tệp Excel (.xlsx) vào đây</p>
      </Upload.Dragger>
      {result && <Alert style={{ marginTop: 16 }} type="success" showIcon message={importResultText(result)} />}
      {failure && (
        <div style={{ marginTop: 16 }}>
          <Alert type="error" showIcon message={failure.message} style={{ marginBottom: 12 }} />
          <Table<ReportLine>
            size="small"
            rowKey="key"
            dataSource={failure.lines}
            pagination={failure.lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { key: 'row', title: 'Dòng', dataIndex: 'row', width: 70, render: (r: number | null) => r ?? '—' },
              { key: 'column', title: 'Cột', dataIndex: 'column', width: 180 },
              { key: 'message', title: 'Lỗi', dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
