import { Outlet } from 'react-router';
import { AntdProvider } from '@/lib/antd-provider';

/** Layout route above every page built with Ant Design (all but the sign-in page): its theme and locale. */
export function AntdOutlet() {
  return (
    <AntdProvider>
      <Outlet />
    </AntdProvider>
  );
}
