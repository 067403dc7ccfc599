import { notification } from 'antd';
import { useEffect } from 'react';
import { registerToastApi } from './notify';

/** Mounts Ant Design's notification API (inside ConfigProvider, so it gets the theme and locale). */
export function NotificationHost() {
  const [api, holder] = notification.useNotification({ stack: false, maxCount: 6 });
  useEffect(() => {
    registerToastApi({ open: (args) => api.open({ ...args, showProgress: false, pauseOnHover: true }) });
    return () => registerToastApi(null);
  }, [api]);
  return holder;
}
