import { Button, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorState } from '@/lib/api/error-state';
import { urlFor } from '@/lib/routes';

/** /error: a general error, with the last error the app recorded when there is one. */
export default function ErrorPage() {
  const error = errorState.use((s) => s);
  const navigate = useNavigate();
  return (
    <main className="qlcv-center-page">
      <Result
        status="500"
        title="Đã xảy ra lỗi"
        subTitle={
          <>
            <p style={{ margin: 0 }}>Hệ thống gặp sự cố khi xử lý yêu cầu của bạn. Vui lòng thử lại sau ít phút.</p>
            {error.message && (
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                Chi tiết: {error.message}
                {error.code ? ` (${error.code})` : ''}
              </Typography.Paragraph>
            )}
          </>
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => window.location.reload()}>
              Tải lại trang
            </Button>
            <Button onClick={() => navigate(urlFor('root'))}>Về trang chủ</Button>
          </Space>
        }
      />
    </main>
  );
}
