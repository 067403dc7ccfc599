import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { urlFor } from '@/app/routes';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';

/** User evaluations are made by opening an evaluation period, never one by one: this says so and points there. */
export default function UserEvaluationCreatePage() {
  const navigate = useNavigate();
  const canEvaluations = useCan(['evaluations.index']);
  return (
    <>
      <PageHeader title="Thêm phiếu đánh giá" />
      <Card>
        <Result
          status="info"
          title="Phiếu đánh giá được tạo tự động"
          subTitle="Khi một kỳ đánh giá được mở, mỗi nhân viên đang làm việc trong các phòng ban áp dụng có một phiếu, người đánh giá là trưởng phòng của họ."
          extra={[
            canEvaluations && (
              <Button key="evaluations" type="primary" onClick={() => navigate(urlFor('evaluations.index'))}>
                Đến kỳ đánh giá
              </Button>
            ),
            <Button key="list" onClick={() => navigate(urlFor('user_evaluations.index'))}>
              Về danh sách phiếu đánh giá
            </Button>,
          ]}
        />
      </Card>
    </>
  );
}
