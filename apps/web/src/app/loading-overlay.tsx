import { Spin } from 'antd';
import { appState } from '@/lib/app-state';

/** The full-page loading overlay (app state `loading`), e.g. while the profile loads. */
export function LoadingOverlay() {
  const loading = appState.use((s) => s.loading);
  if (!loading) return null;
  return <Spin fullscreen spinning size="large" description="Đang tải dữ liệu…" data-testid="loading-overlay" />;
}
