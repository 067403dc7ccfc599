import {
  compareDecimal,
  LIMIT_PATTERN,
  type Medium,
  type Parameter,
  type ParameterPlace,
  parameterCreateBody,
} from '@qlcv/common/schemas/parameters';
import { AutoComplete, Card, Col, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ActiveField, CodeNameFields, FormFooter } from '@/components/record-form';
import type { DecimalValue } from '@/lib/decimal';
import { textLimit, zodRule } from '@/lib/forms';
import { limitText, MEDIUM_OPTIONS, PLACE_OPTIONS } from './parameter-labels';
import { ServiceSelect } from './service-select';

export interface ParameterFormValues {
  code: string;
  name: string;
  medium: Medium | undefined;
  unit: string;
  method: string;
  place: ParameterPlace | undefined;
  /** As typed ("0,050"): a limit keeps its significant figures, so it is never read into a number here. */
  lod: string;
  loq: string;
  holding_hours: DecimalValue;
  /** Target days from the sample's receipt to the result's release; empty: no target. */
  turnaround_days: DecimalValue;
  preservation: string | null;
  /** The analyte regulations limit (BOD5, COD…), in capitals; empty when none. */
  analyte: string | null;
  vimcerts: boolean;
  vilas: boolean;
  service_id: number | null;
  description: string | null;
  active: boolean;
}

export const EMPTY_PARAMETER: ParameterFormValues = {
  code: '',
  name: '',
  medium: undefined,
  unit: '',
  method: '',
  place: 'lab',
  lod: '',
  loq: '',
  holding_hours: null,
  turnaround_days: null,
  preservation: null,
  analyte: null,
  vimcerts: false,
  vilas: false,
  service_id: null,
  description: null,
  active: true,
};

/** A saved parameter as the form edits it (limits with the Vietnamese decimal comma). */
export const parameterFormValues = (p: Parameter): ParameterFormValues => ({
  code: p.code,
  name: p.name,
  medium: p.medium,
  unit: p.unit,
  method: p.method,
  place: p.place,
  lod: limitText(p.lod),
  loq: limitText(p.loq),
  holding_hours: p.holding_hours,
  turnaround_days: p.turnaround_days,
  preservation: p.preservation,
  analyte: p.analyte,
  vimcerts: p.vimcerts,
  vilas: p.vilas,
  service_id: p.service?.id ?? null,
  description: p.description,
  active: p.active,
});

/**
 * Form values → request body: empty text as null; the limits sent as typed (the server reads the decimal comma and
 * keeps "0,050" as 0.050, never as a float); a missing medium or place left for the server to name.
 */
export const toParameterBody = (v: ParameterFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  medium: v.medium as Medium,
  unit: v.unit.trim(),
  method: v.method.trim(),
  place: v.place as ParameterPlace,
  lod: v.lod.trim() || null,
  loq: v.loq.trim() || null,
  holding_hours: typeof v.holding_hours === 'number' ? v.holding_hours : null,
  turnaround_days: typeof v.turnaround_days === 'number' ? v.turnaround_days : null,
  preservation: v.preservation?.trim() || null,
  analyte: v.analyte?.trim().toUpperCase() || null,
  vimcerts: v.vimcerts,
  vilas: v.vilas,
  service_id: v.service_id ?? null,
  description: v.description?.trim() || null,
  active: v.active,
});

/** A limit as the server reads it ("0,05" → "0.05"), or null when empty or not a limit. */
const readLimit = (text: string | undefined): string | null => {
  const s = (text ?? '').trim().replace(',', '.');
  return LIMIT_PATTERN.test(s) ? s : null;
};

/** LOQ never below LOD: the server's own rule, checked as both are typed. */
const loqNotBelowLod: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    const lod = readLimit(getFieldValue('lod'));
    const loq = readLimit(value);
    if (lod && loq && compareDecimal(loq, lod) < 0)
      throw new Error('Giới hạn định lượng (LOQ) không được nhỏ hơn giới hạn phát hiện (LOD)');
  },
});

/** Units the laboratories write most, offered as the unit is typed. */
const USUAL_UNITS = [
  'mg/L',
  'µg/L',
  'mg/Nm³',
  'µg/m³',
  'mg/kg',
  'MPN/100 mL',
  'CFU/100 mL',
  'NTU',
  'Pt-Co',
  '°C',
  'µS/cm',
  'dBA',
  '-',
];

interface Props {
  form: FormInstance<ParameterFormValues>;
  initialValues: ParameterFormValues;
  onFinish: (values: ParameterFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** The saved service, labelled even when it is no longer among the active ones. */
  currentService?: Parameter['service'];
  /** Read only (monitoring.show without monitoring.edit): no footer, every field greyed out. */
  readOnly?: boolean;
  notice?: ReactNode;
}

/** A monitoring parameter: what it is, its limits and keeping, its recognitions and price; shared by create and edit. */
export function ParameterForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, currentService, readOnly, notice } = props;
  const shape = parameterCreateBody.shape;
  const unitText: string = Form.useWatch('unit', form) ?? '';
  const unitOptions = USUAL_UNITS.filter((u) => u.toLowerCase().includes(unitText.trim().toLowerCase())).map((value) => ({
    value,
  }));

  return (
    <Form<ParameterFormValues>
      form={form}
      name="parameter"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting || readOnly}
    >
      {notice}
      <Card title="Chỉ tiêu" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã chỉ tiêu', example: 'NT-COD' }}
            name={{ label: 'Tên chỉ tiêu', placeholder: 'Ví dụ: Nhu cầu oxy hóa học (COD)' }}
          />
          <Col xs={24} md={8}>
            <Form.Item name="medium" label="Thành phần môi trường" required rules={[zodRule(shape.medium)]}>
              <Select options={MEDIUM_OPTIONS} placeholder="Chọn thành phần môi trường" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="unit" label="Đơn vị đo" required rules={[zodRule(shape.unit)]}>
              <AutoComplete options={unitOptions}>
                <Input {...textLimit(shape.unit)} placeholder="Ví dụ: mg/L" autoComplete="off" />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="place" label="Nơi đo" required rules={[zodRule(shape.place)]}>
              <Select options={PLACE_OPTIONS} placeholder="Hiện trường hoặc phòng thí nghiệm" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="method" label="Phương pháp" required rules={[zodRule(shape.method)]}>
              <Input {...textLimit(shape.method)} placeholder="Ví dụ: SMEWW 5220C:2017, TCVN 6491:1999, US EPA Method 5" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {/* Capitals as it is typed: the key is the regulations' own (the server upper-cases it too). */}
            <Form.Item
              name="analyte"
              label="Mã chất (so sánh với quy chuẩn)"
              rules={[zodRule(shape.analyte)]}
              normalize={(v?: string) => (typeof v === 'string' ? v.toUpperCase() : v)}
              extra="Mã chất trong quy chuẩn (BOD5, COD, TSS, PH, AS, PB…) để so sánh kết quả với giới hạn cho phép; bỏ trống nếu không so sánh."
            >
              <Input maxLength={50} autoComplete="off" placeholder="Ví dụ: BOD5" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Giới hạn và bảo quản" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="lod"
              label="Giới hạn phát hiện (LOD)"
              rules={[zodRule(shape.lod)]}
              extra="Ghi đúng như phòng thí nghiệm công bố, giữ cả số 0 cuối, ví dụ 0,050"
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="Ví dụ: 0,050" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="loq"
              label="Giới hạn định lượng (LOQ)"
              dependencies={['lod']}
              rules={[zodRule(shape.loq), loqNotBelowLod]}
              extra="Không nhỏ hơn LOD, ví dụ 0,15"
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="Ví dụ: 0,15" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="holding_hours"
              label="Thời gian lưu mẫu"
              rules={[zodRule(shape.holding_hours)]}
              extra="Số giờ tối đa từ lúc lấy mẫu đến lúc phân tích"
            >
              <DecimalInput scale={0} grouping={false} suffix="giờ" placeholder="Ví dụ: 48" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="turnaround_days"
              label="Thời hạn trả kết quả (ngày)"
              rules={[zodRule(shape.turnaround_days)]}
              extra="Số ngày lịch từ lúc nhận mẫu đến lúc phát hành kết quả; để trống nếu không đặt"
            >
              <DecimalInput scale={0} grouping={false} suffix="ngày" placeholder="Ví dụ: 7" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="preservation" label="Cách bảo quản mẫu" rules={[zodRule(shape.preservation)]}>
              <Input.TextArea
                {...textLimit(shape.preservation)}
                rows={2}
                placeholder="Ví dụ: Axit hóa bằng H₂SO₄ đến pH < 2, bảo quản lạnh 2–6 °C"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Công nhận và giá" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="vimcerts" label="VIMCERTS" valuePropName="checked" extra="Có trong giấy chứng nhận VIMCERTS">
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="vilas" label="VILAS" valuePropName="checked" extra="Có trong phạm vi công nhận VILAS">
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="service_id"
              label="Dịch vụ tính giá"
              rules={[zodRule(shape.service_id)]}
              extra="Dịch vụ trong danh mục dùng để báo giá chỉ tiêu này; để trống nếu chưa có."
            >
              <ServiceSelect current={currentService} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="description" label="Ghi chú" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={2} placeholder="Quy chuẩn áp dụng, lưu ý khi lấy mẫu…" />
            </Form.Item>
          </Col>
          <ActiveField extra="Chỉ tiêu ngừng sử dụng không được chọn cho kế hoạch quan trắc mới; dữ liệu cũ vẫn giữ nguyên." />
        </Row>
      </Card>
      {!readOnly && <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />}
    </Form>
  );
}
