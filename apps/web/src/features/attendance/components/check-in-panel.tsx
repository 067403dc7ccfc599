import { AimOutlined, CameraOutlined, DeleteOutlined, GlobalOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { formatTime } from '@qlcv/common/format/date';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { shrinkPhoto } from '@/lib/photo';
import { type AttendanceRecord, type AttendanceToday, type CheckKind, useCheck } from '../api/attendance-api';
import { methodLabel } from './attendance-labels';
import { currentFix, type Fix, formatMetres, LocationError } from './geolocation';

type Outcome =
  | { type: 'done'; record: AttendanceRecord }
  | { type: 'refused'; message: string }
  | { type: 'denied' }
  | { type: 'error'; message: string };

const HOW_TO_ALLOW = (
  <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
    <li>
      Chrome trên Android: chạm biểu tượng bên trái thanh địa chỉ → <b>Quyền</b> → <b>Vị trí</b> → <b>Cho phép</b>, rồi tải lại
      trang.
    </li>
    <li>
      iPhone: <b>Cài đặt</b> → <b>Quyền riêng tư &amp; Bảo mật</b> → <b>Dịch vụ định vị</b> → bật, chọn <b>Safari</b> →{' '}
      <b>Khi dùng ứng dụng</b>; rồi tải lại trang.
    </li>
    <li>Máy tính: bấm biểu tượng ổ khóa cạnh địa chỉ trang → Vị trí → Cho phép.</li>
  </ul>
);

/** The big check-in / check-out button: GPS (with its accuracy), the office network when on it, an optional photo. */
export function CheckInPanel({ today }: { today: AttendanceToday }) {
  const check = useCheck();
  const kind: CheckKind = today.checked_in ? 'out' : 'in';
  const verb = kind === 'in' ? 'Chấm công vào' : 'Chấm công ra';
  const [locating, setLocating] = useState(false);
  const [fix, setFix] = useState<Fix | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = locating || check.isPending || shrinking;

  const send = async (body: Parameters<typeof check.mutateAsync>[0]) => {
    try {
      const record = await check.mutateAsync({
        ...body,
        device_time: new Date().toISOString(),
        ...(photo ? { photo } : {}),
      });
      setOutcome({ type: 'done', record });
      setPhoto(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setOutcome({ type: 'refused', message: error.message });
      else setOutcome({ type: 'error', message: error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE });
    }
  };

  const byGps = async () => {
    setOutcome(null);
    setLocating(true);
    let position: Fix;
    try {
      position = await currentFix();
    } catch (error) {
      setLocating(false);
      if (error instanceof LocationError && error.denied) setOutcome({ type: 'denied' });
      else setOutcome({ type: 'error', message: error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE });
      return;
    }
    setLocating(false);
    setFix(position);
    await send({ kind, method: 'gps', ...position });
  };

  const byOffice = async () => {
    setOutcome(null);
    await send({ kind, method: 'ip' });
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoError(null);
    setShrinking(true);
    try {
      setPhoto(await shrinkPhoto(file));
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE);
    } finally {
      setShrinking(false);
    }
  };

  return (
    <Card>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Button
          type="primary"
          size="large"
          block
          icon={kind === 'in' ? <LoginOutlined /> : <LogoutOutlined />}
          loading={locating || (check.isPending && check.variables?.method === 'gps')}
          disabled={busy}
          onClick={byGps}
          style={{ height: 72, fontSize: 20 }}
          danger={kind === 'out'}
        >
          {locating ? 'Đang lấy vị trí…' : verb}
        </Button>
        {today.office_ip && (
          <Button
            size="large"
            block
            icon={<GlobalOutlined />}
            loading={check.isPending && check.variables?.method === 'ip'}
            disabled={busy}
            onClick={byOffice}
          >
            Dùng mạng văn phòng
          </Button>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <AimOutlined /> Dùng định vị GPS của điện thoại
          {fix ? (
            <>
              {' '}
              · lần đo gần nhất: độ chính xác <b data-testid="gps-accuracy">± {formatMetres(fix.accuracy_m)}</b>
            </>
          ) : null}{' '}
          · yêu cầu tối đa ± {formatMetres(today.accuracy_limit_m)}.
        </Typography.Text>

        <div>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="user"
            hidden
            onChange={onPhoto}
            data-testid="attendance-photo-input"
          />
          {photo ? (
            <Space align="center" wrap>
              <img src={photo} alt="Ảnh chấm công" style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 8 }} />
              <Typography.Text type="secondary">Ảnh sẽ gửi kèm lần chấm công này.</Typography.Text>
              <Button icon={<DeleteOutlined />} onClick={() => setPhoto(null)} disabled={busy}>
                Bỏ ảnh
              </Button>
            </Space>
          ) : (
            <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} loading={shrinking} disabled={busy}>
              Chụp ảnh (không bắt buộc)
            </Button>
          )}
          {photoError && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
              {photoError}
            </Typography.Text>
          )}
        </div>

        {outcome?.type === 'done' && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={`${outcome.record.kind === 'in' ? 'Đã chấm công vào' : 'Đã chấm công ra'} lúc ${formatTime(outcome.record.at)}`}
            description={[methodLabel(outcome.record.method), outcome.record.site?.name].filter(Boolean).join(' · ')}
          />
        )}
        {outcome?.type === 'refused' && (
          <Alert type="error" showIcon role="alert" title="Không chấm công được" description={outcome.message} />
        )}
        {outcome?.type === 'error' && <Alert type="error" showIcon role="alert" title={outcome.message} />}
        {outcome?.type === 'denied' && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title="Bạn chưa cho phép dùng vị trí"
            description={
              <>
                Để chấm công bằng GPS, hãy cho phép trang này dùng vị trí:
                {HOW_TO_ALLOW}
              </>
            }
          />
        )}
      </Space>
    </Card>
  );
}
