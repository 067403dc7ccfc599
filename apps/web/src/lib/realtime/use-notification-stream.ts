import { useEffect } from 'react';
import { authState } from '../auth/auth-store';
import { notificationStream } from './notification-stream';

/** Keeps the live stream open while someone is signed in; it stops on logout (the token goes). */
export function useNotificationStream(): void {
  const token = authState.use((s) => s.token);
  useEffect(() => {
    if (!token) return;
    notificationStream.start();
    return () => notificationStream.stop();
  }, [token]);
}
