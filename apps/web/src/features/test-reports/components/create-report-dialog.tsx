import { testReportCreateBody } from '@qlcv/common/schemas/test-reports';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CustomerSelect } from '@/features/sites';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { applyServerErrors, textLimit } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateTestReport, useReportTripOptions } from '../api/test-reports-api';

interface Values {
  trip_id?: number;
  customer_id?: number | null;
  note?: string;
}

/** "Lập phiếu": a sampling trip and a customer → a draft of that trip's released results → its page. */
export function CreateReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateTestReport();
  const trips = useReportTripOptions(open);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const report = await create.mutateAsync({
        trip_id: values.trip_id!,
        customer_id: values.customer_id!,
        note: values.note?.trim() || null,
      });
      notifySuccess(`Đã lập phiếu nháp ${report.number}.`);
      form.resetFields();
      onClose();
      navigate(urlFor('monitoring.test_reports.show', { id: report.id }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && applyServerErrors(form, err)) return;
      setError(err instanceof ApiError ? err.message : DEFAULT_ERROR_MESSAGE);
    }
  };

  return (
    <Modal
      open={open}
      title="Lập phiếu kết quả thử nghiệm"
      okText="Lập phiếu"
      cancelText="Hủy"
      onOk={submit}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="create-report-error"
          description={error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values> form={form} layout="vertical" preserve={false} disabled={create.isPending}>
        <Form.Item
          name="trip_id"
          label="Chuyến lấy mẫu"
          rules={[{ required: true, message: 'Vui lòng chọn chuyến lấy mẫu' }]}
          extra={trips.unavailable ? undefined : 'Các chuyến đã có kết quả phân tích được phát hành.'}
        >
          <Select<number>
            showSearch
            optionFilterProp="label"
            placeholder="Chọn chuyến lấy mẫu"
            loading={trips.isPending}
            options={trips.options}
            notFoundContent={
              trips.isError
                ? 'Không tải được danh sách chuyến lấy mẫu'
                : trips.unavailable
                  ? 'Bạn không có quyền xem chuyến lấy mẫu'
                  : 'Chưa có chuyến nào có kết quả đã phát hành'
            }
          />
        </Form.Item>
        <Form.Item name="customer_id" label="Khách hàng" rules={[{ required: true, message: 'Vui lòng chọn khách hàng' }]}>
          <CustomerSelect />
        </Form.Item>
        <Form.Item name="note" label="Ghi chú">
          <Input.TextArea rows={2} {...textLimit(testReportCreateBody.shape.note)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
