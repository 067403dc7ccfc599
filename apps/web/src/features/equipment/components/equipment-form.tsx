import {
  CHECK_WORD,
  calibrationState,
  daysBetween,
  type Equipment,
  type EquipmentKind,
  equipmentCreateBody,
  IDENTIFIER_LABELS,
  PLATE_PATTERN,
} from '@qlcv/common/schemas/equipment';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Radio, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { ActiveField, CodeNameFields, FormFooter } from '@/components/record-form';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { CalibrationTag, KIND_OPTIONS, vnTodayIso } from './equipment-labels';

export interface EquipmentFormValues {
  kind: EquipmentKind;
  code: string;
  name: string;
  model: string | null;
  identifier: string | null;
  department_id: number | null;
  measures: string | null;
  calibration_due: dayjs.Dayjs | null;
  calibration_certificate: string | null;
  last_calibrated_on: dayjs.Dayjs | null;
  description: string | null;
  active: boolean;
}

export const EMPTY_EQUIPMENT: EquipmentFormValues = {
  kind: 'instrument',
  code: '',
  name: '',
  model: null,
  identifier: null,
  department_id: null,
  measures: null,
  calibration_due: null,
  calibration_certificate: null,
  last_calibrated_on: null,
  description: null,
  active: true,
};

const day = (d: string | null) => (d ? dayjs(d) : null);
const iso = (d: dayjs.Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** A saved record as the form edits it. */
export const equipmentFormValues = (e: Equipment): EquipmentFormValues => ({
  kind: e.kind,
  code: e.code,
  name: e.name,
  model: e.model,
  identifier: e.identifier,
  department_id: e.department?.id ?? null,
  measures: e.measures,
  calibration_due: day(e.calibration_due),
  calibration_certificate: e.calibration_certificate,
  last_calibrated_on: day(e.last_calibrated_on),
  description: e.description,
  active: e.active,
});

/** Form values → request body: empty text as null, dates as `YYYY-MM-DD`; a vehicle measures nothing. */
export const toEquipmentBody = (v: EquipmentFormValues) => ({
  kind: v.kind,
  code: v.code.trim(),
  name: v.name.trim(),
  model: v.model?.trim() || null,
  identifier: v.identifier?.trim() || null,
  department_id: v.department_id ?? null,
  measures: v.kind === 'vehicle' ? null : v.measures?.trim() || null,
  calibration_due: iso(v.calibration_due),
  calibration_certificate: v.calibration_certificate?.trim() || null,
  last_calibrated_on: iso(v.last_calibrated_on),
  description: v.description?.trim() || null,
  active: v.active,
});

/** The last check never after the due date: the server's own rule, checked as both are picked. */
const lastNotAfterDue: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: dayjs.Dayjs | null | undefined) => {
    const due = getFieldValue('calibration_due') as dayjs.Dayjs | null;
    if (value && due && iso(value)! > iso(due)!) {
      const word = CHECK_WORD[getFieldValue('kind') as EquipmentKind];
      throw new Error(`Ngày ${word} gần nhất không được sau hạn ${word}`);
    }
  },
});

/** A vehicle's plate is required and written as on its registration: the server's own rule, checked as typed. */
const plateOfVehicle: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | null | undefined) => {
    if (getFieldValue('kind') !== 'vehicle') return;
    const plate = (value ?? '').trim();
    if (!plate) throw new Error('Vui lòng nhập biển số xe, ví dụ 51C-123.45');
    if (!PLATE_PATTERN.test(plate.toUpperCase())) throw new Error('Biển số xe không đúng dạng, ví dụ 51C-123.45 hoặc 29A-1234');
  },
});

/** The state the picked due date gives today, shown under the field as the list's tag will show it. */
function DueState({ kind }: { kind: EquipmentKind }) {
  const due = iso(Form.useWatch('calibration_due'));
  if (!due) return null;
  const today = vnTodayIso();
  return (
    <span style={{ display: 'inline-block', marginTop: 4 }}>
      <CalibrationTag state={calibrationState(due, today)} kind={kind} daysLeft={daysBetween(today, due)} />
    </span>
  );
}

interface Props {
  form: FormInstance<EquipmentFormValues>;
  initialValues: EquipmentFormValues;
  onFinish: (values: EquipmentFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Read only (equipment.show without equipment.edit): no footer, every field greyed out. */
  readOnly?: boolean;
  notice?: ReactNode;
}

/** An instrument or a vehicle: what it is, who keeps it, its calibration or inspection; shared by create and edit. */
export function EquipmentForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, readOnly, notice } = props;
  const shape = equipmentCreateBody.shape;
  const kind: EquipmentKind = Form.useWatch('kind', form) ?? initialValues.kind;
  const vehicle = kind === 'vehicle';
  const word = CHECK_WORD[kind];

  return (
    <Form<EquipmentFormValues>
      form={form}
      name="equipment"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting || readOnly}
    >
      {notice}
      <Card title={vehicle ? 'Phương tiện' : 'Thiết bị'} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="kind" label="Loại" required rules={[zodRule(shape.kind)]}>
              <Radio.Group options={KIND_OPTIONS} optionType="button" buttonStyle="solid" />
            </Form.Item>
          </Col>
          <CodeNameFields
            shape={shape}
            code={{ label: vehicle ? 'Mã phương tiện' : 'Mã thiết bị', example: vehicle ? 'XE-51C-12345' : 'TB-PH-01' }}
            name={{
              label: vehicle ? 'Tên phương tiện' : 'Tên thiết bị',
              placeholder: vehicle ? 'Ví dụ: Xe bán tải chở thiết bị lấy mẫu' : 'Ví dụ: Máy đo pH/DO/độ dẫn cầm tay',
            }}
          />
          <Col xs={24} md={8}>
            <Form.Item name="model" label="Hãng, model" rules={[zodRule(shape.model)]}>
              <Input {...textLimit(shape.model)} placeholder={vehicle ? 'Ví dụ: Ford Ranger XLS' : 'Ví dụ: Hanna HI98194'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="identifier"
              label={IDENTIFIER_LABELS[kind]}
              required={vehicle}
              dependencies={['kind']}
              rules={[zodRule(shape.identifier), plateOfVehicle]}
              extra={vehicle ? 'Ghi như trên giấy đăng ký xe, ví dụ 51C-123.45' : undefined}
            >
              <Input
                {...textLimit(shape.identifier)}
                autoComplete="off"
                placeholder={vehicle ? '51C-123.45' : 'Ví dụ: F0012345'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="department_id" label="Bộ phận quản lý" rules={[zodRule(shape.department_id)]}>
              <DepartmentTreeSelect placeholder="Chọn phòng ban, đội" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {!vehicle && (
            <Col span={24}>
              <Form.Item name="measures" label="Chỉ tiêu đo được" rules={[zodRule(shape.measures)]}>
                <Input {...textLimit(shape.measures)} placeholder="Ví dụ: pH, DO, độ dẫn điện, nhiệt độ" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>

      <Card title={vehicle ? 'Đăng kiểm' : 'Hiệu chuẩn, kiểm định'} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="calibration_due"
              label={`Hạn ${word}`}
              extra={
                <>
                  <div>
                    {vehicle
                      ? 'Ngày cuối giấy chứng nhận kiểm định còn hiệu lực.'
                      : 'Ngày cuối giấy chứng nhận hiệu chuẩn/kiểm định còn hiệu lực; quá hạn thì không được mang đi lấy mẫu.'}
                  </div>
                  <DueState kind={kind} />
                </>
              }
            >
              <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="last_calibrated_on"
              label={`Ngày ${word} gần nhất`}
              dependencies={['calibration_due', 'kind']}
              rules={[lastNotAfterDue]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="calibration_certificate" label="Số giấy chứng nhận" rules={[zodRule(shape.calibration_certificate)]}>
              <Input
                {...textLimit(shape.calibration_certificate)}
                autoComplete="off"
                placeholder={vehicle ? 'Ví dụ: KC 4512873' : 'Ví dụ: HC-N 0412/2026'}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="description" label="Ghi chú" rules={[zodRule(shape.description)]}>
              <Input.TextArea
                {...textLimit(shape.description)}
                rows={2}
                placeholder="Phụ kiện đi kèm, nơi cất giữ, lưu ý khi vận chuyển…"
              />
            </Form.Item>
          </Col>
          <ActiveField extra="Thiết bị, phương tiện ngừng sử dụng (hỏng, thanh lý) không được chọn cho chuyến lấy mẫu mới." />
        </Row>
      </Card>
      {!readOnly && <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />}
    </Form>
  );
}
