import { lazy, Suspense } from 'react';
import { appState } from '@/lib/app-state';

const FullscreenSpin = lazy(() => import('./fullscreen-spin'));

/** The full-page loading overlay (app state `loading`), e.g. while the profile loads. */
export function LoadingOverlay() {
  const loading = appState.use((s) => s.loading);
  if (!loading) return null;
  return (
    <Suspense fallback={null}>
      <FullscreenSpin />
    </Suspense>
  );
}
