import {
  KPI_DIRECTION_LABELS,
  KPI_DIRECTIONS,
  KPI_MEASURE_KEYS,
  KPI_MEASURES,
  type KpiDirection,
  type KpiMeasure,
  kpiTypeCreateBody,
} from '@qlcv/common/schemas/kpi-types';
import { Alert, Card, Col, Form, type FormInstance, Input, Radio, Row, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { textLimit, zodRule } from '@/lib/forms';

export interface KpiTypeFormValues {
  code: string;
  name: string;
  description: string | null;
  unit: string | null;
  direction: KpiDirection;
  measure: KpiMeasure;
  default_weight: number | null;
  default_target: number | null;
  active: boolean;
}

export const EMPTY_KPI_TYPE: KpiTypeFormValues = {
  code: '',
  name: '',
  description: null,
  unit: null,
  direction: 'higher',
  measure: 'manual',
  default_weight: 0,
  default_target: 0,
  active: true,
};

/** Form values → request body (empty text as null, empty numbers as 0). */
export const toKpiTypeBody = (v: KpiTypeFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  description: v.description?.trim() || null,
  unit: v.unit?.trim() || null,
  direction: v.direction,
  measure: v.measure,
  default_weight: v.default_weight ?? 0,
  default_target: v.default_target ?? 0,
  active: v.active,
});

const MEASURE_OPTIONS = KPI_MEASURE_KEYS.map((key) => ({
  value: key,
  label: KPI_MEASURES[key].label,
  title: KPI_MEASURES[key].explanation,
}));

interface Props {
  form: FormInstance<KpiTypeFormValues>;
  initialValues: KpiTypeFormValues;
  onFinish: (values: KpiTypeFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  notice?: ReactNode;
}

/**
 * Code, name, how it is measured, direction, unit, default weight and target; shared by create and edit. Choosing a
 * computed measure suggests its direction and unit (still editable).
 */
export function KpiTypeForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, notice }: Props) {
  const shape = kpiTypeCreateBody.shape;
  const measure = Form.useWatch('measure', form) ?? initialValues.measure;
  const info = KPI_MEASURES[measure];

  const onValuesChange = (changed: Partial<KpiTypeFormValues>, all: KpiTypeFormValues) => {
    if (!changed.measure) return;
    const next = KPI_MEASURES[changed.measure];
    const patch: Partial<KpiTypeFormValues> = {};
    if (next.direction) patch.direction = next.direction;
    // The unit follows the measure unless the user typed one of their own.
    const units = new Set(KPI_MEASURE_KEYS.map((k) => KPI_MEASURES[k].unit));
    if (next.unit && (!all.unit || units.has(all.unit))) patch.unit = next.unit;
    form.setFieldsValue(patch);
  };

  return (
    <Form<KpiTypeFormValues>
      form={form}
      name="kpi-type"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      disabled={submitting}
    >
      {notice}
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã KPI', example: 'KPI-DH' }}
            name={{ label: 'Tên loại KPI', placeholder: 'Ví dụ: Tỷ lệ công việc hoàn thành đúng hạn' }}
          />
          <Col xs={24} md={12}>
            <Form.Item name="measure" label="Cách đo" required rules={[zodRule(shape.measure)]}>
              <Select
                options={MEASURE_OPTIONS}
                optionRender={(o) => (
                  <Space orientation="vertical" size={0} style={{ whiteSpace: 'normal' }}>
                    <span>{o.label}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {o.data.title}
                    </Typography.Text>
                  </Space>
                )}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="direction" label="Chiều đánh giá" required rules={[zodRule(shape.direction)]}>
              <Radio.Group
                optionType="button"
                options={KPI_DIRECTIONS.map((d) => ({ value: d, label: KPI_DIRECTION_LABELS[d] }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Alert
              type={measure === 'manual' ? 'info' : 'success'}
              showIcon
              style={{ marginBottom: 16 }}
              title={measure === 'manual' ? 'Không tự tính' : `Tự động tính: ${info.label}`}
              description={
                <>
                  {info.explanation}
                  {info.direction && (
                    <>
                      {' '}
                      Gợi ý: {KPI_DIRECTION_LABELS[info.direction].toLowerCase()}
                      {info.unit && `, đơn vị “${info.unit}”`}.
                    </>
                  )}
                </>
              }
            />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="unit" label="Đơn vị" rules={[zodRule(shape.unit)]}>
              <Input {...textLimit(shape.unit)} placeholder="Ví dụ: %, công việc, điểm" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="default_weight"
              label="Trọng số mặc định (%)"
              rules={[zodRule(shape.default_weight)]}
              extra="Từ 0 đến 100; các tiêu chí của một kỳ đánh giá cộng lại phải bằng 100."
            >
              <DecimalInput scale={0} grouping={false} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="default_target" label="Chỉ tiêu mặc định" rules={[zodRule(shape.default_target)]}>
              <DecimalInput scale={2} />
            </Form.Item>
          </Col>
          <DescriptionField schema={shape.description} rows={3} placeholder="Cách chấm điểm, ghi chú cho người đánh giá" />
          <ActiveField extra="Loại KPI ngừng sử dụng không được chọn cho kỳ đánh giá mới; các kỳ cũ vẫn giữ nguyên." />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
