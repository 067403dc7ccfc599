import { testReportCreateBody, testReportRoundLabel } from '@qlcv/common/schemas/test-reports';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CustomerSelect } from '@/features/sites';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { applyServerErrors, textLimit } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateTestReport, useReportRounds, useReportTripOptions } from '../api/test-reports-api';

interface Values {
  trip_id?: number;
  customer_id?: number | null;
  round_id?: number | null;
  note?: string;
}

/**
 * "Lập phiếu": a sampling trip and a customer, optionally one of the trip's rounds of that customer → a draft of those
 * released results → its page.
 */
export function CreateReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useCreateTestReport();
  const trips = useReportTripOptions(open);
  const [error, setError] = useState<string | null>(null);
  const tripId = Form.useWatch('trip_id', form);
  const customerId = Form.useWatch('customer_id', form);
  const rounds = useReportRounds(open ? tripId : undefined, customerId);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const report = await create.mutateAsync({
        trip_id: values.trip_id!,
        customer_id: values.customer_id!,
        round_id: values.round_id ?? null,
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
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        disabled={create.isPending}
        // A round belongs to one trip and one customer: another choice of either clears it.
        onValuesChange={(changed) => {
          if ('trip_id' in changed || 'customer_id' in changed) form.setFieldValue('round_id', null);
        }}
      >
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
        <Form.Item name="round_id" label="Đợt quan trắc" extra="Để trống: mọi đợt của chuyến cho khách hàng này">
          <Select<number>
            allowClear
            placeholder={tripId && customerId ? 'Mọi đợt của chuyến' : 'Chọn chuyến và khách hàng trước'}
            disabled={!tripId || !customerId}
            loading={rounds.isFetching}
            options={(rounds.data ?? []).map((r) => ({
              value: r.id,
              label: `${testReportRoundLabel({ name: r.name, program_code: r.program.code })} — ${r.site.name}`,
            }))}
            notFoundContent={
              rounds.isError ? 'Không tải được các đợt quan trắc' : 'Chuyến này không có đợt quan trắc nào của khách hàng đã chọn'
            }
          />
        </Form.Item>
        <Form.Item name="note" label="Ghi chú">
          <Input.TextArea rows={2} {...textLimit(testReportCreateBody.shape.note)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
