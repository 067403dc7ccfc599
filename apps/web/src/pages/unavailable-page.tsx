import { HourglassOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentRoute } from '@/app/layout/use-current-route';
import { urlFor } from '@/lib/routes';

/** A section whose screens come in a later release: its real route, guard and breadcrumb, and a plain notice. */
export default function UnavailablePage() {
  const { route } = useCurrentRoute();
  const isPublic = route?.layout === 'public';
  const navigate = useNavigate();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {route?.label}
      </Typography.Title>
      <Card>
        <Result
          icon={<HourglassOutlined style={{ color: '#0b7a75' }} />}
          title="Chức năng này chưa khả dụng"
          subTitle={
            <div style={{ maxWidth: 560, margin: '0 auto' }}>
              {route?.description && <p style={{ marginTop: 0 }}>{route.description}</p>}
              <p style={{ marginBottom: 0 }}>
                {isPublic
                  ? 'Trang này đang được hoàn thiện. Trong thời gian này, quý khách vui lòng liên hệ trực tiếp với công ty qua điện thoại hoặc e-mail.'
                  : 'Màn hình này đang được xây dựng và sẽ có trong bản cập nhật tới. Đường dẫn và quyền truy cập đã được thiết lập sẵn, bạn chưa cần làm gì thêm.'}
              </p>
            </div>
          }
          extra={
            isPublic ? null : (
              <Button type="primary" onClick={() => navigate(urlFor('dashboard.index'))}>
                Về trang tổng quan
              </Button>
            )
          }
        />
      </Card>
    </>
  );
}
