import { CloudUploadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import { ATTENDANCE_IMPORT_MAX_BYTES, type AttendanceImportReport } from '@qlcv/common/schemas/attendance';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { HttpError } from '@/lib/api/client';
import { notifySuccess } from '@/lib/notify/notify';
import { useImportAttendance } from '../api/attendance-api';

const ACCEPT = '.xlsx,.csv';

/** The report a 422 carries beside its message (`report`, the same shape as a 200's), when it does. */
function reportOf(error: unknown): AttendanceImportReport | null {
  const cause = error instanceof ApiError ? error.cause : undefined;
  const data = cause instanceof HttpError ? cause.response?.data : undefined;
  const report = data && typeof data === 'object' && 'report' in data ? (data as { report: unknown }).report : null;
  return report && typeof report === 'object' && 'rows' in report ? (report as AttendanceImportReport) : null;
}

/** Nhập máy chấm công: a fingerprint or face terminal's export, checked row by row first, then written on "Nhập". */
export default function AttendanceImportPage() {
  const importer = useImportAttendance();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<AttendanceImportReport | null>(null);
  const [committed, setCommitted] = useState<AttendanceImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const result = await importer.mutateAsync({ file, dryRun });
      if (dryRun) setReport(result);
      else {
        setCommitted(result);
        setReport(null);
        notifySuccess(`Đã nhập ${formatNumber(result.accepted)} lần chấm công.`);
      }
    } catch (error) {
      const body = reportOf(error);
      if (body) setReport(body);
      setFailure(error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE);
    }
  };

  const pick = (picked: File) => {
    setReport(null);
    setCommitted(null);
    setFailure(null);
    if (picked.size > ATTENDANCE_IMPORT_MAX_BYTES) {
      setFile(null);
      setFailure('Tệp quá lớn: tối đa 10 MB.');
    } else if (!/\.(xlsx|csv)$/i.test(picked.name)) {
      setFile(null);
      setFailure('Chỉ nhận tệp .xlsx hoặc .csv xuất từ máy chấm công.');
    } else setFile(picked);
    return false;
  };

  const clean = report && report.errors.length === 0;

  return (
    <>
      <PageHeader
        title="Nhập dữ liệu máy chấm công"
        subtitle="Tệp .xlsx hoặc .csv xuất từ máy chấm công vân tay, khuôn mặt (ZKTeco hoặc dạng chung “Mã nhân viên, Thời gian”)."
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            beforeUpload={pick}
            disabled={importer.isPending}
            aria-label="Chọn tệp máy chấm công"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Bấm hoặc kéo tệp vào đây</p>
            <p className="ant-upload-hint">
              Cột “Mã NV” / “AC-No.”, “Thời gian” (hoặc “Ngày” và “Giờ”). Lần chấm đầu tiên trong ngày là giờ vào, các lần sau là
              giờ ra; dòng đã nhập trước đây được bỏ qua.
            </p>
          </Upload.Dragger>
          {file && (
            <Space wrap style={{ marginTop: 12 }}>
              <FileExcelOutlined />
              <Typography.Text strong data-testid="import-file-name">
                {file.name}
              </Typography.Text>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                loading={importer.isPending && !!importer.variables?.dryRun}
                onClick={() => run(true)}
              >
                Kiểm tra tệp
              </Button>
            </Space>
          )}
        </Card>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        {committed && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={`Đã nhập ${formatNumber(committed.accepted)} lần chấm công`}
            description={`${formatNumber(committed.rows)} dòng, ${formatNumber(committed.duplicates)} dòng trùng đã bỏ qua.`}
          />
        )}
        {report && (
          <Card title={report.dry_run ? 'Kết quả kiểm tra' : 'Kết quả nhập'} data-testid="import-report">
            <Descriptions
              column={{ xs: 1, sm: 2, lg: 4 }}
              size="small"
              items={[
                { key: 'rows', label: 'Số dòng', children: formatNumber(report.rows) },
                { key: 'accepted', label: 'Hợp lệ', children: formatNumber(report.accepted) },
                { key: 'duplicates', label: 'Trùng (bỏ qua)', children: formatNumber(report.duplicates) },
                {
                  key: 'layout',
                  label: 'Định dạng',
                  children: report.layout === 'zkteco' ? 'ZKTeco' : report.layout === 'generic' ? 'Dạng chung' : '—',
                },
              ]}
            />
            {report.unknown_codes.length > 0 && (
              <div style={{ marginTop: 12 }}>
                <Typography.Text strong>Mã nhân viên không tìm thấy ({report.unknown_codes.length}): </Typography.Text>
                <Space size={[4, 4]} wrap data-testid="import-unknown-codes">
                  {report.unknown_codes.map((c) => (
                    <Tag key={c} color="red">
                      {c}
                    </Tag>
                  ))}
                </Space>
              </div>
            )}
            {report.errors.length > 0 && (
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey={(e) => `${e.row}-${e.message}`}
                dataSource={report.errors}
                pagination={report.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                columns={[
                  { key: 'row', title: 'Dòng', width: 80, dataIndex: 'row' },
                  { key: 'message', title: 'Lỗi', dataIndex: 'message' },
                ]}
                aria-label="Lỗi theo dòng"
              />
            )}
            {report.dry_run && (
              <div style={{ marginTop: 16 }}>
                {clean ? (
                  <Button
                    type="primary"
                    icon={<CloudUploadOutlined />}
                    loading={importer.isPending && importer.variables?.dryRun === false}
                    onClick={() => run(false)}
                  >
                    Nhập
                  </Button>
                ) : (
                  <Alert
                    type="warning"
                    showIcon
                    title="Tệp còn lỗi: chưa có dòng nào được nhập. Hãy sửa tệp theo các dòng trên rồi chọn lại."
                  />
                )}
              </div>
            )}
          </Card>
        )}
      </Space>
    </>
  );
}
