import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useDialogTabWrap } from '@/lib/a11y/dialog-tab-wrap';
import { onToastHostWanted } from '@/lib/notify/notify';
import { queryClient } from '@/lib/query-client';
import { LoadingOverlay } from './loading-overlay';

// Ant Design's notification API, loaded with the first toast (or with the first Ant Design screen).
const NotificationHost = lazy(() => import('@/lib/notify/notification-host'));

/** Data cache, toasts and the loading overlay. Ant Design's theme is not here: see AntdProvider. */
export function Providers({ children }: { children: ReactNode }) {
  const [toastHost, setToastHost] = useState(false);
  useEffect(() => onToastHostWanted(() => setToastHost(true)), []);
  useDialogTabWrap();
  return (
    <QueryClientProvider client={queryClient}>
      {toastHost && (
        <Suspense fallback={null}>
          <NotificationHost />
        </Suspense>
      )}
      <LoadingOverlay />
      {children}
    </QueryClientProvider>
  );
}
