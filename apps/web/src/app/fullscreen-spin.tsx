import { Spin } from 'antd';
import { AntdProvider } from '@/lib/antd-provider';

/** The overlay's spinner, in its own chunk: only a signed-in start shows it, so the sign-in page never loads it. */
export default function FullscreenSpin() {
  return (
    <AntdProvider>
      <Spin fullscreen spinning size="large" description="Đang tải dữ liệu…" data-testid="loading-overlay" />
    </AntdProvider>
  );
}
