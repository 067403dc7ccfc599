import { serviceCreateBody, type VatRate } from '@qlcv/common/schemas/services';
import { normalizeVi } from '@qlcv/common/vi-text';
import { AutoComplete, Card, Col, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { textLimit, zodRule } from '@/lib/forms';
import { useServiceGroups } from '../api/services-api';
import { VAT_OPTIONS } from './service-labels';
import { UnitSelect } from './unit-select';

export interface ServiceFormValues {
  code: string;
  name: string;
  group: string;
  unit_id: number | null;
  unit_price: number | null;
  vat_rate: VatRate;
  vat_reducible: boolean;
  description: string | null;
  active: boolean;
}

export const EMPTY_SERVICE: ServiceFormValues = {
  code: '',
  name: '',
  group: '',
  unit_id: null,
  unit_price: null,
  vat_rate: '10',
  vat_reducible: true,
  description: null,
  active: true,
};

/** Form values → request body (empty text as null; a missing price or unit left for the server to name). */
export const toServiceBody = (v: ServiceFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  group: v.group.trim(),
  unit_id: v.unit_id as number,
  unit_price: v.unit_price as number,
  vat_rate: v.vat_rate,
  vat_reducible: v.vat_reducible,
  description: v.description?.trim() || null,
  active: v.active,
});

/** The company's usual groups (those of the request types), offered beside the ones in use. */
const USUAL_GROUPS = ['Quan trắc môi trường', 'Phân tích thí nghiệm', 'Lắp đặt thiết bị', 'Báo cáo môi trường'];

interface Props {
  form: FormInstance<ServiceFormValues>;
  initialValues: ServiceFormValues;
  onFinish: (values: ServiceFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  currentUnitId?: number | null;
  notice?: ReactNode;
}

/** A service of the catalogue: code, name, group, unit, price, VAT; shared by create and edit. */
export function ServiceForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, currentUnitId, notice } = props;
  const shape = serviceCreateBody.shape;
  const groups = useServiceGroups();
  const groupText: string = Form.useWatch('group', form) ?? '';
  const rate: VatRate | undefined = Form.useWatch('vat_rate', form);
  const groupOptions = [...new Set([...(groups.data ?? []), ...USUAL_GROUPS])]
    .filter((g) => normalizeVi(g).includes(normalizeVi(groupText)))
    .map((g) => ({ value: g }));

  return (
    <Form<ServiceFormValues>
      form={form}
      name="service"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã dịch vụ', example: 'QT-KT-01' }}
            name={{ label: 'Tên dịch vụ', placeholder: 'Ví dụ: Quan trắc khí thải ống khói' }}
          />
          <Col xs={24} md={12}>
            <Form.Item name="group" label="Nhóm dịch vụ" required rules={[zodRule(shape.group)]}>
              <AutoComplete options={groupOptions}>
                <Input {...textLimit(shape.group)} placeholder="Ví dụ: Quan trắc môi trường" />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="unit_id" label="Đơn vị tính" required rules={[zodRule(shape.unit_id)]}>
              <UnitSelect currentId={currentUnitId} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="unit_price" label="Đơn giá (chưa VAT)" required rules={[zodRule(shape.unit_price)]}>
              <DecimalInput scale={0} suffix="₫" placeholder="0" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="vat_rate" label="Thuế suất VAT" required rules={[zodRule(shape.vat_rate)]}>
              <Select options={VAT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="vat_reducible"
              label="Giảm thuế theo quy định"
              valuePropName="checked"
              extra="Thuế 10 % được giảm còn 8 % theo ngày ký hợp đồng khi quy định giảm thuế còn hiệu lực."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" disabled={rate !== '10'} />
            </Form.Item>
          </Col>
          <DescriptionField schema={shape.description} rows={3} placeholder="Phạm vi, chỉ tiêu, quy chuẩn áp dụng…" />
          <ActiveField extra="Dịch vụ ngừng sử dụng không được chọn cho hợp đồng mới; hợp đồng cũ vẫn giữ nguyên." />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
