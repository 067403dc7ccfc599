import { clockSchema, correctionCreateBody } from '@qlcv/common/schemas/attendance';
import { Alert, Card, Col, DatePicker, Form, type FormInstance, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { FormFooter } from '@/components/record-form';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import type { AttendanceCorrectionBody } from '../api/attendance-api';

export interface CorrectionFormValues {
  date: Dayjs | null;
  check_in?: string;
  check_out?: string;
  reason?: string;
}

const reasonSchema = correctionCreateBody.shape.reason;

export const toCorrectionBody = (v: CorrectionFormValues): AttendanceCorrectionBody => ({
  date: (v.date ?? dayjs()).format('YYYY-MM-DD'),
  ...(v.check_in ? { check_in: v.check_in } : {}),
  ...(v.check_out ? { check_out: v.check_out } : {}),
  reason: (v.reason ?? '').trim(),
});

const clockRule = zodRule(clockSchema.or(z.literal('')).optional());

/** Giải trình: the day, the time in and/or out that should count, and why. One column on a phone. */
export function CorrectionForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
}: {
  form: FormInstance<CorrectionFormValues>;
  initialValues: CorrectionFormValues;
  onFinish: (values: CorrectionFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
}) {
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
    >
      <Card style={{ marginBottom: 16 }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Điền giờ vào, giờ ra hoặc cả hai — giờ bạn thực sự đã vào, ra hôm đó. Khi được duyệt, giờ này được tính vào bảng chấm công."
        />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="date" label="Ngày" required rules={[{ required: true, message: 'Chọn ngày cần giải trình' }]}>
              <DatePicker
                format="DD/MM/YYYY"
                placeholder="DD/MM/YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                inputReadOnly
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="check_in" label="Giờ vào" rules={[clockRule]}>
              <Input type="time" aria-label="Giờ vào" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="check_out"
              label="Giờ ra"
              dependencies={['check_in']}
              rules={[
                clockRule,
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => {
                    const inTime = getFieldValue('check_in') as string | undefined;
                    if (!value && !inTime) return Promise.reject(new Error('Vui lòng nhập giờ vào hoặc giờ ra'));
                    if (value && inTime && value <= inTime) return Promise.reject(new Error('Giờ ra phải sau giờ vào'));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <Input type="time" aria-label="Giờ ra" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reason" label="Lý do" required rules={[zodRule(reasonSchema)]}>
          <Input.TextArea rows={3} {...textLimit(reasonSchema)} placeholder="Ví dụ: Quên chấm công ra do đi khảo sát về muộn" />
        </Form.Item>
      </Card>
      <FormFooter submitLabel="Gửi giải trình" submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
