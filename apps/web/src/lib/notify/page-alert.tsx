import { Alert } from 'antd';
import { alertState, hideAlert } from './alert-state';

/** The page-level alert: shows the alert state (message and its error list) above the page content. */
export function PageAlert() {
  const alert = alertState.use((s) => s);
  if (!alert.visible) return null;
  return (
    <Alert
      role="alert"
      type={alert.type}
      showIcon
      closable={{ onClose: hideAlert, 'aria-label': 'Đóng' }}
      title={alert.message}
      description={
        alert.errors.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {alert.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}
