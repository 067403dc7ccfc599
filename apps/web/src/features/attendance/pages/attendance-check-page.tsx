import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { formatTime } from '@qlcv/common/format/date';
import { Button, Card, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { urlFor } from '@/lib/routes';
import { type AttendanceRecord, useAttendanceToday, useCheck } from '../api/attendance-api';
import { methodLabel } from '../components/attendance-labels';

type State =
  | { type: 'sending' }
  | { type: 'done'; record: AttendanceRecord }
  | { type: 'failed'; message: string; expired?: boolean };

/** The server's refusal of a code issued more than 30 s ago (a photo of the screen, or a page left open). */
const isExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 422 && error.errors.some((e) => e.field === 'code' && /hết hạn/.test(e.message));

/** The kiosk's QR opened by the phone's camera: check in (or out, when already in) with the code, the answer big. */
export default function AttendanceCheckPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const today = useAttendanceToday();
  const check = useCheck();
  const [state, setState] = useState<State>({ type: 'sending' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !today.data) return;
    sent.current = true;
    if (!code) {
      setState({ type: 'failed', message: 'Đường dẫn thiếu mã QR. Hãy quét lại mã trên màn hình chấm công.' });
      return;
    }
    check
      .mutateAsync({ kind: today.data.checked_in ? 'out' : 'in', method: 'qr', code, device_time: new Date().toISOString() })
      .then((record) => setState({ type: 'done', record }))
      .catch((error: unknown) =>
        setState({
          type: 'failed',
          message: error instanceof ApiError && error.message ? error.message : DEFAULT_ERROR_MESSAGE,
          expired: isExpired(error),
        }),
      );
  }, [today.data, code, check]);

  const failedToLoad = today.isError && state.type === 'sending';
  const shown: State = failedToLoad
    ? { type: 'failed', message: today.error instanceof Error ? today.error.message : DEFAULT_ERROR_MESSAGE }
    : state;

  return (
    <Card style={{ maxWidth: 560, margin: '24px auto', textAlign: 'center' }}>
      {shown.type === 'sending' && (
        <div role="status" style={{ padding: 32 }}>
          <LoadingOutlined style={{ fontSize: 56, color: '#1677ff' }} />
          <Typography.Title level={3}>Đang chấm công…</Typography.Title>
        </div>
      )}
      {shown.type === 'done' && (
        <div role="status" data-testid="qr-check-result" style={{ padding: 16 }}>
          <CheckCircleFilled style={{ fontSize: 72, color: '#389e0d' }} />
          <Typography.Title level={2} style={{ marginTop: 16 }}>
            {shown.record.kind === 'in' ? 'Đã chấm công vào' : 'Đã chấm công ra'}
          </Typography.Title>
          <div style={{ fontSize: 56, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}>
            {formatTime(shown.record.at)}
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {[methodLabel(shown.record.method), shown.record.site?.name].filter(Boolean).join(' · ')}
          </Typography.Paragraph>
        </div>
      )}
      {shown.type === 'failed' && (
        <div role="alert" data-testid="qr-check-result" style={{ padding: 16 }}>
          <CloseCircleFilled style={{ fontSize: 72, color: '#cf1322' }} />
          <Typography.Title level={3} style={{ marginTop: 16 }}>
            {shown.expired ? 'Mã QR đã hết hạn, hãy quét lại' : 'Không chấm công được'}
          </Typography.Title>
          <Typography.Paragraph style={{ fontSize: 18 }}>{shown.message}</Typography.Paragraph>
        </div>
      )}
      <Button size="large" onClick={() => navigate(urlFor('attendance.index'), { replace: true })}>
        Về trang chấm công
      </Button>
    </Card>
  );
}
