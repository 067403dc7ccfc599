import { notification } from 'antd';
import { useEffect } from 'react';
import { AntdProvider } from '@/lib/antd-provider';
import { registerToastApi } from './notify';

/** Mounts Ant Design's notification API (inside AntdProvider, so it gets the theme and locale). */
function Holder() {
  const [api, holder] = notification.useNotification({ stack: false, maxCount: 6 });
  useEffect(() => {
    registerToastApi({ open: (args) => api.open({ ...args, showProgress: false, pauseOnHover: true }) });
    return () => registerToastApi(null);
  }, [api]);
  return holder;
}

/** Loaded lazily by the root providers: the sign-in page does not load Ant Design until it shows a toast. */
export default function NotificationHost() {
  return (
    <AntdProvider>
      <Holder />
    </AntdProvider>
  );
}
