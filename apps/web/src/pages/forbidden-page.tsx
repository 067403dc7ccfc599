import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { urlFor } from '@/lib/routes';

/** 403: the user holds none of the keys the page needs. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <main className="qlcv-center-page">
      <Result
        status="403"
        title="403 — Không có quyền truy cập"
        subTitle="Tài khoản của bạn chưa được cấp quyền mở trang này. Nếu bạn cần dùng chức năng này, hãy liên hệ quản trị viên để được cấp quyền."
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => navigate(urlFor('dashboard.index'))}>
              Về trang tổng quan
            </Button>
            <Button onClick={() => navigate(-1)}>Quay lại</Button>
          </Space>
        }
      />
    </main>
  );
}
