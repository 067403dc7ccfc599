import { UserAddOutlined } from '@ant-design/icons';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { Evaluation } from '@qlcv/common/schemas/evaluations';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Form, Select } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { FormFooter } from '@/components/record-form';
import { handleSubmitError } from '@/components/submit-error';
import { UserSelect } from '@/components/user-select';
import { api } from '@/lib/api/requester';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { queryKeys } from '@/lib/query-keys';
import { urlFor } from '@/lib/routes';
import { useAddEmployee } from '../api/user-evaluations-api';

const OPEN_QUERY = { status: 'open', per_page: 100, sort: '-period_start' };

interface Values {
  evaluation_id: number | null;
  employee_id: number | null;
}

/**
 * User evaluations are handed out when a period opens; this adds one for an employee who joined a covered
 * department afterwards (`POST /api/evaluations/{id}/employees`).
 */
export default function UserEvaluationCreatePage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const canList = useCan(['evaluations.index']);
  const add = useAddEmployee();
  const open = useQuery({
    queryKey: queryKeys.evaluations.list(OPEN_QUERY),
    queryFn: () => api.get<Paginated<Evaluation>>('/api/evaluations', { params: OPEN_QUERY, display: 'ignore' }),
    enabled: canList,
  });
  const preset = Number(searchParams.get('evaluation_id')) || null;

  const onFinish = async (v: Values) => {
    try {
      const ue = await add.mutateAsync({ evaluationId: v.evaluation_id as number, employee_id: v.employee_id as number });
      notifySuccess(`Đã tạo phiếu đánh giá cho ${ue.employee.name}.`);
      navigate(urlFor('user_evaluations.show', { id: ue.id }));
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader
        title="Thêm phiếu đánh giá"
        subtitle="Phiếu được tạo tự động khi mở kỳ đánh giá; ở đây thêm phiếu cho nhân viên vào phòng ban sau khi kỳ đã mở."
      />
      <Card style={{ maxWidth: 720 }}>
        {!canList && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Bạn cần quyền xem kỳ đánh giá để chọn kỳ đang mở." />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark="optional"
          initialValues={{ evaluation_id: preset, employee_id: null }}
          onFinish={onFinish}
        >
          <Form.Item
            name="evaluation_id"
            label="Kỳ đánh giá đang mở"
            required
            rules={[{ required: true, message: 'Vui lòng chọn kỳ đánh giá' }]}
          >
            <Select
              placeholder="Chọn kỳ đánh giá"
              loading={open.isPending && canList}
              options={(open.data?.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
              notFoundContent={open.isError ? 'Không tải được danh sách kỳ đánh giá' : 'Không có kỳ đánh giá nào đang mở'}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item
            name="employee_id"
            label="Nhân viên"
            required
            rules={[{ required: true, message: 'Vui lòng chọn nhân viên' }]}
            extra="Nhân viên phải thuộc một phòng ban của kỳ đánh giá và chưa có phiếu trong kỳ."
          >
            <UserSelect placeholder="Tìm theo tên, mã nhân viên" />
          </Form.Item>
          <FormFooter
            submitLabel="Tạo phiếu đánh giá"
            icon={<UserAddOutlined />}
            submitting={add.isPending}
            onCancel={() => navigate(urlFor('user_evaluations.index'))}
          />
        </Form>
      </Card>
    </>
  );
}
