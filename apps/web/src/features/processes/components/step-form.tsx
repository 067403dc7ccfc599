import { MAX_STEP_HOURS, type ProcessDetail, type ProcessStep, processStepCreateBody } from '@qlcv/common/schemas/processes';
import { Alert, Card, Col, Form, type FormInstance, Input, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
import { textLimit, zodRule } from '@/lib/forms';
import { formatHours } from './hours';

export interface StepFormValues {
  name: string;
  description: string | null;
  department_id: number | null;
  default_assignee_id: number | null;
  duration_hours: number | null;
  produces_result: boolean;
  /** Creating only: 1 … n+1. */
  position?: number;
}

export const emptyStep = (process: ProcessDetail): StepFormValues => ({
  name: '',
  description: null,
  department_id: null,
  default_assignee_id: null,
  duration_hours: 8,
  produces_result: false,
  position: process.steps.length + 1,
});

export const toStepValues = (s: ProcessStep): StepFormValues => ({
  name: s.name,
  description: s.description,
  department_id: s.department_id,
  default_assignee_id: s.default_assignee_id,
  duration_hours: s.duration_hours,
  produces_result: s.produces_result,
});

/** Form values → request body. */
export const toStepBody = (v: StepFormValues) => ({
  name: v.name.trim(),
  description: v.description?.trim() || null,
  department_id: v.department_id ?? 0,
  default_assignee_id: v.default_assignee_id ?? null,
  duration_hours: v.duration_hours ?? 0,
  produces_result: v.produces_result,
});

interface Props {
  form: FormInstance<StepFormValues>;
  initialValues: StepFormValues;
  process: ProcessDetail;
  /** Editing this step. */
  step?: ProcessStep;
  onFinish: (values: StepFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  notice?: ReactNode;
}

/** A step: name, description, responsible department, default assignee, SLA, whether it gives the result. */
export function StepForm({ form, initialValues, process, step, onFinish, onCancel, submitting, submitLabel, notice }: Props) {
  const shape = processStepCreateBody.shape;
  const departmentId: number | null = Form.useWatch('department_id', form) ?? initialValues.department_id;
  const watched: unknown = Form.useWatch('duration_hours', form);
  const hours = typeof watched === 'number' ? watched : null;
  const producesResult: boolean = Form.useWatch('produces_result', form) ?? initialValues.produces_result;
  const otherResult = process.steps.find((s) => s.produces_result && s.id !== step?.id);

  const positions = [
    ...process.steps.map((s, i) => ({ value: i + 1, label: `${i + 1}. Trước bước “${s.name}”` })),
    { value: process.steps.length + 1, label: `${process.steps.length + 1}. Cuối quy trình` },
  ];

  return (
    <Form<StepFormValues>
      form={form}
      name="process-step"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={step ? 24 : 14}>
            <Form.Item name="name" label="Tên bước" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Lấy mẫu tại hiện trường" />
            </Form.Item>
          </Col>
          {!step && (
            <Col xs={24} md={10}>
              <Form.Item name="position" label="Vị trí trong quy trình">
                <Select options={positions} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="department_id" label="Phòng ban phụ trách" required rules={[zodRule(shape.department_id)]}>
              <DepartmentTreeSelect
                // The assignee belongs to a department: another department clears it.
                onChange={(v) => {
                  if (v !== departmentId) form.setFieldsValue({ default_assignee_id: null });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="default_assignee_id"
              label="Người phụ trách mặc định"
              extra="Không bắt buộc. Công việc của bước được giao cho người này khi yêu cầu tới bước."
            >
              <UserSelect
                departmentId={departmentId}
                disabledPlaceholder="Chọn phòng ban phụ trách trước"
                known={step?.default_assignee ? [step.default_assignee] : []}
                notFoundText="Không có nhân viên phù hợp trong phòng ban này"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="duration_hours"
              label="Thời hạn xử lý (SLA)"
              required
              rules={[zodRule(shape.duration_hours)]}
              extra={hours && hours > 0 ? `= ${formatHours(hours)}` : `Từ 1 đến ${MAX_STEP_HOURS} giờ`}
            >
              <DecimalInput scale={0} suffix="giờ" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="produces_result" label="Tạo kết quả trả khách hàng" valuePropName="checked">
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
            {producesResult && otherResult && (
              <Alert
                type="info"
                showIcon
                style={{ marginTop: -12, marginBottom: 16 }}
                title={`Bước “${otherResult.name}” đang là bước tạo kết quả; khi lưu, bước này sẽ thay thế.`}
              />
            )}
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Mô tả công việc của bước" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={3} placeholder="Việc cần làm, hồ sơ cần có…" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary">
          Quy trình “{process.name}” hiện có {process.steps.length} bước, tổng thời hạn{' '}
          {formatHours(process.total_duration_hours)}.
        </Typography.Text>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
