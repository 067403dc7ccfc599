import { Button } from 'antd';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render (e.g. a new version was deployed meanwhile). Kept light: it ships with every page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="qlcv-center-page" role="alert">
      <div style={{ textAlign: 'center', maxWidth: 520 }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 8px' }}>Đã xảy ra lỗi</h1>
        <p style={{ color: 'rgba(0,0,0,0.55)', margin: '0 0 24px', lineHeight: 1.6 }}>
          Trang này không tải được. Vui lòng tải lại trang; nếu lỗi vẫn còn, hãy báo cho quản trị viên.
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          Tải lại trang
        </Button>{' '}
        <Button onClick={() => window.location.assign('/')}>Về trang chủ</Button>
      </div>
    </main>
  );
}
