import { codeFromScan } from '@qlcv/common/schemas/samples';
import { Button, Card, Result, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadError, LoadingCard } from '@/components/page-states';
import { ApiError } from '@/lib/api/api-error';
import { can } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useSampleByCode } from '../api/samples-api';

/** Where a label's QR opens: finds the sample by its code and shows it (replacing this address in the history). */
export default function SampleScanPage() {
  const code = codeFromScan(useParams().code ?? '');
  const sample = useSampleByCode(code);
  const navigate = useNavigate();

  useEffect(() => {
    if (sample.data) navigate(urlFor('monitoring.samples.show', { id: sample.data.id }), { replace: true });
  }, [sample.data, navigate]);

  if (sample.isError) {
    if (sample.error instanceof ApiError && sample.error.status === 404)
      return (
        <Card>
          <Result
            status="warning"
            title={`Không tìm thấy mẫu mã ${code}`}
            subTitle="Nhãn có thể in sai, mẫu đã bị xóa hoặc thuộc chuyến bạn không được xem."
            extra={
              <Space wrap>
                <Button type="primary" onClick={() => navigate(-1)}>
                  Quay lại
                </Button>
                {can(['lab.receive']) && <Button onClick={() => navigate(urlFor('monitoring.samples.receive'))}>Nhận mẫu</Button>}
              </Space>
            }
          />
        </Card>
      );
    return <LoadError error={sample.error} onRetry={() => sample.refetch()} />;
  }
  return <LoadingCard rows={4} />;
}
