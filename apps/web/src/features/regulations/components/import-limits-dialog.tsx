import { CheckOutlined, DownloadOutlined, FileSearchOutlined, InboxOutlined } from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import {
  REGULATION_IMPORT_MAX_BYTES,
  REGULATION_IMPORT_MAX_ROWS,
  type Regulation,
  type RegulationImportReport,
} from '@qlcv/common/schemas/regulations';
import { Alert, Button, Descriptions, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useImportRegulationLimits, useRegulationTemplate } from '../api/regulations-api';

/** The sheet column each field of a row comes from (the template's headers), for the report. */
const COLUMN_OF: Record<string, string> = {
  analyte: 'Mã chất',
  name: 'Thông số',
  unit: 'Đơn vị',
  column: 'Cột',
  min: 'Tối thiểu',
  max: 'Tối đa',
  averaging: 'Thời gian trung bình',
  factors: 'Hệ số',
  note: 'Ghi chú',
};

interface ReportLine {
  key: number;
  row: number | null;
  column: string;
  message: string;
}

/** `rows[5].max` + "Dòng 5: …" → row 5, column "Tối đa", the message without its "Dòng 5: ". */
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

const byColumnText = (r: RegulationImportReport) =>
  r.by_column.map((c) => `cột ${c.column}: ${formatNumber(c.count)}`).join(', ');

/**
 * "Nhập bảng giới hạn": an .xlsx in the template's layout is checked first (a dry run: how many limits per column, or
 * each wrong row), then "Nhập" replaces the regulation's limits with the file's. One wrong row imports nothing.
 */
export function ImportLimitsDialog({
  regulation,
  open,
  onClose,
}: {
  regulation: Pick<Regulation, 'id' | 'code' | 'limits'>;
  open: boolean;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<RegulationImportReport | null>(null);
  const [done, setDone] = useState<RegulationImportReport | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: ReportLine[] } | null>(null);
  const importer = useImportRegulationLimits(regulation.id);
  const template = useRegulationTemplate();

  const reset = () => {
    setFile(null);
    setChecked(null);
    setDone(null);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const report = await importer.mutateAsync({ file, dryRun });
      if (report.written) {
        setDone(report);
        setChecked(null);
        notifySuccess(`Đã nhập ${formatNumber(report.rows)} giá trị giới hạn cho ${regulation.code}.`);
      } else setChecked(report);
    } catch (error) {
      setChecked(null);
      if (error instanceof ApiError && error.status === 422) setFailure({ message: error.message, lines: reportOf(error) });
      else notifyError(error instanceof ApiError ? error.message : 'Không nhập được tệp.');
    }
  };

  const primary = done ? null : checked ? (
    <Button type="primary" icon={<CheckOutlined />} loading={importer.isPending} onClick={() => run(false)}>
      Nhập {formatNumber(checked.rows)} giá trị
    </Button>
  ) : (
    <Button type="primary" icon={<FileSearchOutlined />} disabled={!file} loading={importer.isPending} onClick={() => run(true)}>
      Kiểm tra tệp
    </Button>
  );

  return (
    <Modal
      title={`Nhập bảng giới hạn của ${regulation.code}`}
      open={open}
      onCancel={close}
      width={820}
      footer={
        <Space wrap>
          <Button onClick={close}>{done ? 'Đóng' : 'Hủy'}</Button>
          {primary}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Tệp .xlsx theo mẫu của quy chuẩn (tối đa {formatNumber(REGULATION_IMPORT_MAX_ROWS)} dòng,{' '}
        {REGULATION_IMPORT_MAX_BYTES / 1024 / 1024} MB): mỗi dòng một giá trị giới hạn của một thông số ở một cột. Bảng trong tệp
        sẽ <strong>thay thế toàn bộ</strong> {formatNumber(regulation.limits.length)} giá trị hiện có; nếu có dòng sai thì không
        dòng nào được nhập.{' '}
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={template.isPending}
          onClick={() => template.mutate(regulation)}
        >
          Tải bảng hiện tại làm tệp mẫu
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

      {checked && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          data-testid="import-check"
          title={`Tệp hợp lệ: ${formatNumber(checked.rows)} giá trị giới hạn. Chưa nhập — bấm “Nhập ${formatNumber(checked.rows)} giá trị” để thay thế bảng hiện có.`}
          description={
            <Descriptions
              size="small"
              column={1}
              items={checked.by_column.map((c) => ({
                key: c.column,
                label: `Cột ${c.column}`,
                children: `${formatNumber(c.count)} giá trị`,
              }))}
            />
          }
        />
      )}
      {done && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={`Đã nhập ${formatNumber(done.rows)} giá trị giới hạn (${byColumnText(done)}).`}
        />
      )}
      {failure && (
        <div style={{ marginTop: 16 }} data-testid="import-errors">
          <Alert type="error" showIcon title={failure.message} style={{ marginBottom: 12 }} />
          <Table<ReportLine>
            size="small"
            rowKey="key"
            dataSource={failure.lines}
            pagination={failure.lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { key: 'row', title: 'Dòng', dataIndex: 'row', width: 70, render: (r: number | null) => r ?? '—' },
              { key: 'column', title: 'Cột trong tệp', dataIndex: 'column', width: 170 },
              { key: 'message', title: 'Lỗi', dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
