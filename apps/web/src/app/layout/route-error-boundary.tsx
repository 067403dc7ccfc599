import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render (e.g. a new version was deployed meanwhile). Plain HTML: it ships with every page, and Ant Design may be what failed to load. */
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
        <button type="button" className="qlcv-btn qlcv-btn-primary" onClick={() => window.location.reload()}>
          Tải lại trang
        </button>{' '}
        <button type="button" className="qlcv-btn" onClick={() => window.location.assign('/')}>
          Về trang chủ
        </button>
      </div>
    </main>
  );
}
