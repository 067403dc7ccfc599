import { lazy, Suspense } from 'react';
import { alertState } from './alert-state';

// The page alert with Ant Design, loaded when an alert is first shown on a page that does not load Ant Design itself.
const AntdPageAlert = lazy(async () => {
  const [{ PageAlert }, { AntdProvider }] = await Promise.all([import('./page-alert'), import('@/lib/antd-provider')]);
  return {
    default: () => (
      <AntdProvider>
        <PageAlert />
      </AntdProvider>
    ),
  };
});

/** The page alert of the sign-in layout: nothing is loaded until there is an alert to show. */
export function LazyPageAlert() {
  const visible = alertState.use((s) => s.visible);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <AntdPageAlert />
    </Suspense>
  );
}
