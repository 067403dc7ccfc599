import { ArrowLeftOutlined, ExpandOutlined } from '@ant-design/icons';
import { formatWeekdayDate } from '@qlcv/common/format/date';
import { Button, Progress, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { QrCode } from '@/components/qr-code';
import { useCompanySettings } from '@/features/company-settings/api/company-settings-api';
import { urlFor } from '@/lib/routes';
import { useKioskCode } from '../api/attendance-api';

/** A new code every 25 s: the server takes one for 30 s, so the code on screen is always still good. */
export const KIOSK_REFRESH_MS = 25_000;

function useNow(stepMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

const clockOf = (ms: number) =>
  new Intl.DateTimeFormat('vi-VN', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone: 'Asia/Ho_Chi_Minh',
  }).format(ms);

/**
 * The office screen (a tablet or TV in landscape): the company's name, a QR code that changes every 25 s with its
 * countdown, and the clock. A phone's camera opens the code's URL, which checks its owner in.
 */
export default function AttendanceKioskPage() {
  const navigate = useNavigate();
  const kiosk = useKioskCode(KIOSK_REFRESH_MS);
  const company = useCompanySettings();
  const now = useNow(250);
  // The API gives the app's own path; the phone's camera needs the whole address.
  const url = kiosk.data ? new URL(kiosk.data.url, window.location.origin).href : null;
  const left = kiosk.data ? Math.max(0, Math.ceil((kiosk.dataUpdatedAt + KIOSK_REFRESH_MS - now) / 1000)) : 0;

  return (
    <main
      style={{
        minHeight: '100vh',
        background: '#0b3d3a',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        padding: 'clamp(12px, 3vh, 32px) clamp(12px, 3vw, 48px)',
        boxSizing: 'border-box',
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Typography.Title level={1} style={{ color: '#fff', margin: 0, flex: 1, fontSize: 'clamp(22px, 4vh, 40px)' }}>
          {company.data?.name ?? 'Chấm công'}
        </Typography.Title>
        <Button
          ghost
          icon={<ExpandOutlined />}
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
        >
          Toàn màn hình
        </Button>
        <Button ghost icon={<ArrowLeftOutlined />} onClick={() => navigate(urlFor('attendance.index'))}>
          Thoát
        </Button>
      </header>
      <div
        style={{
          flex: 1,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 'clamp(16px, 5vw, 80px)',
        }}
      >
        <div
          style={{ background: '#fff', padding: 16, borderRadius: 16, lineHeight: 0 }}
          data-testid="kiosk-qr"
          data-url={url ?? undefined}
        >
          {url ? (
            <QrCode value={url} size="min(62vh, 80vw)" label="Mã QR chấm công" />
          ) : (
            <div
              style={{ width: 'min(62vh, 80vw)', height: 'min(62vh, 80vw)', display: 'grid', placeItems: 'center' }}
              role="status"
            >
              {kiosk.isError ? (
                <Typography.Text type="danger" style={{ lineHeight: 1.5, padding: 16, textAlign: 'center' }}>
                  Không lấy được mã QR: {kiosk.error.message} Đang thử lại…
                </Typography.Text>
              ) : (
                <Spin size="large" description="Đang tạo mã QR…" />
              )}
            </div>
          )}
        </div>
        <div style={{ textAlign: 'center', minWidth: 260 }}>
          <div
            style={{ fontSize: 'clamp(48px, 12vh, 120px)', fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1 }}
            data-testid="kiosk-clock"
          >
            {clockOf(now)}
          </div>
          <div style={{ fontSize: 'clamp(16px, 3vh, 28px)', marginTop: 8 }}>{formatWeekdayDate(now)}</div>
          <p style={{ fontSize: 'clamp(16px, 2.6vh, 24px)', margin: '24px 0 8px' }}>Mở camera điện thoại, quét mã để chấm công</p>
          <div role="timer" aria-live="off" style={{ fontSize: 'clamp(14px, 2.2vh, 20px)' }}>
            Mã mới sau <b data-testid="kiosk-countdown">{left}</b> giây
          </div>
          <Progress
            percent={(left / (KIOSK_REFRESH_MS / 1000)) * 100}
            showInfo={false}
            strokeColor="#5cdbd3"
            railColor="rgba(255,255,255,0.2)"
            style={{ maxWidth: 320, margin: '8px auto 0' }}
            aria-label="Thời gian còn lại của mã QR"
          />
        </div>
      </div>
    </main>
  );
}
