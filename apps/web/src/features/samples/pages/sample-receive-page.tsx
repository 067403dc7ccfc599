import { CheckOutlined, DeleteOutlined, ScanOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { codeFromScan, coolBoxSchema, type SampleDetail, sampleReceiveBody } from '@qlcv/common/schemas/samples';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, type InputRef, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { fieldError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { queryKeys } from '@/lib/query-keys';
import { urlFor } from '@/lib/routes';
import { getSampleByCode, useSampleStep } from '../api/samples-api';
import { OverdueTag, SampleStatusTag } from '../components/sample-tags';

interface Row {
  /** The code as scanned (capitals). */
  code: string;
  sample: SampleDetail | null;
  /** Why this row will not be received (not found, not handed over). */
  refused: string | null;
  intact: boolean;
  notes: string;
  /** The row's last word: received, or the server's refusal. */
  result: { ok: boolean; message: string } | null;
  /** "Đã quét mẫu này": shown for a moment when scanned again. */
  again: boolean;
  loading: boolean;
}

/**
 * "Nhận mẫu": the laboratory scans each label (a handheld scanner types the label's text and Enter), checks each
 * sample, reads the cool box once, and receives the batch; each row says how its own reception went.
 */
export default function SampleReceivePage() {
  const queryClient = useQueryClient();
  const step = useSampleStep();
  const scanInput = useRef<InputRef>(null);
  const [scan, setScan] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [temperature, setTemperature] = useState('');
  const [temperatureError, setTemperatureError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const patch = (code: string, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.code === code ? { ...r, ...change } : r)));

  const onScan = async () => {
    const code = codeFromScan(scan);
    setScan('');
    if (!code) return;
    if (rows.some((r) => r.code === code)) {
      patch(code, { again: true });
      setTimeout(() => patch(code, { again: false }), 2500);
      return;
    }
    setRows((all) => [
      { code, sample: null, refused: null, intact: true, notes: '', result: null, again: false, loading: true },
      ...all,
    ]);
    try {
      const sample = await queryClient.fetchQuery({
        queryKey: queryKeys.samples.byCode(code),
        queryFn: () => getSampleByCode(code),
        staleTime: 0,
      });
      patch(code, {
        sample,
        loading: false,
        refused:
          sample.status === 'handed_over'
            ? null
            : 'Mẫu chưa được bàn giao hoặc đã nhận: chỉ nhận mẫu ở trạng thái “Đã bàn giao”.',
      });
    } catch (error) {
      patch(code, {
        loading: false,
        refused:
          error instanceof ApiError && error.status === 404
            ? `Không tìm thấy mẫu mã ${code}.`
            : error instanceof Error && error.message
              ? error.message
              : DEFAULT_ERROR_MESSAGE,
      });
    }
  };

  const pending = rows.filter((r) => r.sample && !r.refused && !r.result?.ok);

  const confirm = async () => {
    const tempError = temperature.trim() ? fieldError(coolBoxSchema, temperature) : 'Vui lòng nhập nhiệt độ thùng bảo quản';
    setTemperatureError(tempError);
    if (tempError) return;
    setSending(true);
    let received = 0;
    for (const r of pending) {
      const body = { intact: r.intact, temperature, notes: r.notes.trim() || null, version: r.sample!.version };
      const checked = sampleReceiveBody.safeParse(body);
      if (!checked.success) {
        patch(r.code, { result: { ok: false, message: checked.error.issues[0]?.message ?? DEFAULT_ERROR_MESSAGE } });
        continue;
      }
      try {
        const sample = await step.mutateAsync({ id: r.sample!.id, step: 'receive', body });
        patch(r.code, { sample, result: { ok: true, message: 'Đã nhận mẫu' } });
        received++;
      } catch (error) {
        patch(r.code, {
          result: { ok: false, message: error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE },
        });
      }
    }
    setSending(false);
    if (received) notifySuccess(`Đã nhận ${received} mẫu.`);
    scanInput.current?.focus();
  };

  return (
    <>
      <PageHeader
        title="Nhận mẫu"
        subtitle="Quét nhãn từng mẫu được bàn giao, kiểm tra tình trạng mẫu, ghi nhiệt độ thùng bảo quản rồi xác nhận nhận mẫu."
        extra={<Link to={urlFor('monitoring.samples.index')}>Danh sách mẫu</Link>}
      />
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
        <Card>
          <Form layout="vertical" component="div">
            <Form.Item label="Quét nhãn mẫu hoặc nhập mã" htmlFor="sample-scan" style={{ marginBottom: 12 }}>
              <Input
                id="sample-scan"
                ref={scanInput}
                autoFocus
                size="large"
                prefix={<ScanOutlined />}
                autoComplete="off"
                value={scan}
                onChange={(e) => setScan(e.target.value)}
                onPressEnter={() => void onScan()}
                placeholder="Đưa máy quét vào nhãn, hoặc gõ mã mẫu rồi Enter"
                data-testid="sample-scan"
              />
            </Form.Item>
            <Form.Item
              label="Nhiệt độ thùng bảo quản (°C)"
              htmlFor="sample-cool-box"
              required
              validateStatus={temperatureError ? 'error' : undefined}
              help={temperatureError ?? 'Một nhiệt độ cho cả lô mẫu nhận cùng lúc.'}
              style={{ marginBottom: 0 }}
            >
              <Input
                id="sample-cool-box"
                inputMode="decimal"
                autoComplete="off"
                value={temperature}
                onChange={(e) => {
                  setTemperature(e.target.value);
                  setTemperatureError(null);
                }}
                placeholder="Ví dụ 4,0"
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
          </Form>
        </Card>

        <Card
          title={`Mẫu đã quét (${rows.length})`}
          extra={
            rows.length > 0 && (
              <Button type="link" onClick={() => setRows([])} disabled={sending}>
                Xóa danh sách
              </Button>
            )
          }
        >
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa quét mẫu nào" />
          ) : (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {rows.map((r) => (
                <ReceiveRow
                  key={r.code}
                  row={r}
                  disabled={sending}
                  onChange={(change) => patch(r.code, change)}
                  onRemove={() => setRows((all) => all.filter((x) => x.code !== r.code))}
                />
              ))}
            </Space>
          )}
        </Card>

        <Button
          type="primary"
          size="large"
          icon={<CheckOutlined />}
          loading={sending}
          disabled={pending.length === 0}
          onClick={() => void confirm()}
        >
          Xác nhận nhận mẫu{pending.length ? ` (${pending.length})` : ''}
        </Button>
      </Space>
    </>
  );
}

function ReceiveRow({
  row: r,
  disabled,
  onChange,
  onRemove,
}: {
  row: Row;
  disabled: boolean;
  onChange: (change: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const s = r.sample;
  const done = r.result?.ok === true;
  const editable = !!s && !r.refused && !done;
  return (
    <div
      data-testid="receive-row"
      style={{
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        padding: 12,
        background: r.again ? '#fffbe6' : done ? '#f6ffed' : undefined,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {s ? (
          <Link to={urlFor('monitoring.samples.show', { id: s.id })}>
            <strong>{r.code}</strong>
          </Link>
        ) : (
          <strong>{r.code}</strong>
        )}
        {s && <SampleStatusTag status={s.status} />}
        {s && <OverdueTag sample={s} />}
        {s && !s.overdue && s.hold_until && (
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            Còn hạn lưu đến {formatDateTime(s.hold_until)}
          </Tag>
        )}
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`Bỏ mẫu ${r.code} khỏi danh sách`}
          onClick={onRemove}
          disabled={disabled}
          style={{ marginInlineStart: 'auto' }}
        />
      </div>
      {s && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2 }}>
          {s.site.name} · {s.point.code} {s.point.name} · lấy lúc {formatDateTime(s.taken_at)}
        </Typography.Text>
      )}
      {r.loading && <Typography.Text type="secondary">Đang tìm mẫu…</Typography.Text>}
      {r.again && (
        <Typography.Text type="warning" style={{ display: 'block' }} role="status">
          Đã quét mẫu này.
        </Typography.Text>
      )}
      {r.refused && <Alert type="error" showIcon title={r.refused} style={{ marginTop: 8 }} data-testid="receive-refused" />}
      {editable && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginTop: 8 }}>
          <Checkbox checked={r.intact} disabled={disabled} onChange={(e) => onChange({ intact: e.target.checked, result: null })}>
            Nguyên vẹn
          </Checkbox>
          <Input
            aria-label={`Ghi chú mẫu ${r.code}`}
            placeholder={r.intact ? 'Ghi chú (nếu có)' : 'Ghi rõ tình trạng mẫu'}
            value={r.notes}
            disabled={disabled}
            maxLength={1000}
            onChange={(e) => onChange({ notes: e.target.value, result: null })}
            style={{ flex: '1 1 220px' }}
          />
        </div>
      )}
      {r.result && (
        <Alert
          type={r.result.ok ? 'success' : 'error'}
          showIcon
          title={r.result.message}
          style={{ marginTop: 8 }}
          data-testid="receive-result"
        />
      )}
    </div>
  );
}
