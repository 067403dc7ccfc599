import { FileTextOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Col, Row, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useAttendanceDays, useAttendanceToday } from '../api/attendance-api';
import { CheckInPanel } from '../components/check-in-panel';
import { AttendanceMonth } from '../components/my-month';
import { TodayCard } from '../components/today-card';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Chấm công: today's state, the big check-in / check-out button, my month with "Giải trình" on a day. */
export default function AttendancePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : dayjs().format('YYYY-MM');
  const today = useAttendanceToday();
  const thisMonth = useAttendanceDays({ month: dayjs().format('YYYY-MM') });
  const canKiosk = useCan(['attendance.all']);
  const todayDay = thisMonth.data?.find((d) => d.date === today.data?.date);

  return (
    <>
      <PageHeader
        title="Chấm công"
        subtitle="Chấm công vào, ra bằng định vị GPS, mã QR ở văn phòng hoặc mạng văn phòng."
        extra={
          <>
            <Button icon={<FileTextOutlined />} onClick={() => navigate(urlFor('attendance.corrections.index'))}>
              Giải trình
            </Button>
            {canKiosk && (
              <Button icon={<QrcodeOutlined />} onClick={() => navigate(urlFor('attendance.kiosk'))}>
                Màn hình mã QR
              </Button>
            )}
          </>
        }
      />
      {today.isPending ? (
        <LoadingCard rows={6} />
      ) : today.isError ? (
        <LoadError error={today.error} onRetry={() => today.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <CheckInPanel today={today.data} />
              <TodayCard today={today.data} day={todayDay} />
            </Space>
          </Col>
          <Col xs={24} lg={12}>
            <AttendanceMonth
              month={month}
              allowCorrection
              onMonth={(m) => setParams(m === dayjs().format('YYYY-MM') ? {} : { month: m }, { replace: true })}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
