import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { urlFor } from '@/lib/routes';

/** 404: /404 and every path the route table does not know. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="qlcv-center-page">
      <Result
        status="404"
        title="404 — Không tìm thấy trang"
        subTitle="Trang bạn tìm không tồn tại hoặc đã được chuyển đi. Hãy kiểm tra lại đường dẫn."
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => navigate(urlFor('root'))}>
              Về trang chủ
            </Button>
            <Button onClick={() => navigate(-1)}>Quay lại</Button>
          </Space>
        }
      />
    </main>
  );
}
