import { PlusOutlined } from '@ant-design/icons';
import {
  factorValueBody,
  MAX_FACTOR_VALUES,
  MAX_REGULATION_COLUMNS,
  MAX_REGULATION_FACTORS,
  regulationColumnBody,
  regulationCreateBody,
  regulationFactorBody,
} from '@qlcv/common/schemas/regulations';
import { normalizeVi } from '@qlcv/common/vi-text';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  type FormInstance,
  type FormListFieldData,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { FormFooter } from '@/components/record-form';
import { MEDIUM_OPTIONS } from '@/features/sites';
import type { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { useRegulationOptions } from '../api/regulations-api';
import { LimitsCard } from './limits-editor';
import type { RegulationFormValues } from './regulation-form-values';
import { RemoveButton } from './row-buttons';

const iso = (d: dayjs.Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

const head = regulationCreateBody.shape;
const column = regulationColumnBody.shape;
const factor = regulationFactorBody.shape;
const factorValue = factorValueBody.shape;

/** The last day never before the first: the server's own rule, checked as both are picked. */
const toNotBeforeFrom: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: dayjs.Dayjs | null | undefined) => {
    const from = iso(getFieldValue('valid_from'));
    const to = iso(value);
    if (from && to && to < from) throw new Error('Ngày hết hiệu lực không được trước ngày có hiệu lực');
  },
});

const matches = (input: string, option?: { label?: unknown }) =>
  normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input));

const tight = { marginBottom: 0 } as const;

interface Props {
  form: FormInstance<RegulationFormValues>;
  initialValues: RegulationFormValues;
  /** Reads the whole store itself (limit rows read as text have no mounted fields). */
  onFinish: () => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** The regulation being edited (left out of its own "Thay thế bởi" picker). */
  editingId?: number;
  notice?: ReactNode;
}

/** A regulation: its head, its columns, its factor tables and its limits; shared by create and edit. */
export function RegulationForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, editingId, notice } = props;
  const options = useRegulationOptions();
  const replacements = (options.data ?? [])
    .filter((r) => r.id !== editingId)
    .map((r) => ({ value: r.id, label: `${r.code} — ${r.title}` }));

  return (
    <Form<RegulationFormValues>
      form={form}
      name="regulation"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      scrollToFirstError={{ block: 'center' }}
    >
      {notice}
      <Card title="Quy chuẩn" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label="Số hiệu"
              required
              rules={[zodRule(head.code)]}
              extra="Như văn bản ghi, ví dụ QCVN 40:2011/BTNMT"
            >
              <Input {...textLimit(head.code)} autoComplete="off" placeholder="QCVN 40:2011/BTNMT" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="title" label="Tên quy chuẩn" required rules={[zodRule(head.title)]}>
              <Input {...textLimit(head.title)} placeholder="Quy chuẩn kỹ thuật quốc gia về nước thải công nghiệp" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="medium" label="Thành phần môi trường" required rules={[zodRule(head.medium)]}>
              <Select options={MEDIUM_OPTIONS} placeholder="Chọn thành phần môi trường" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="issuer" label="Cơ quan ban hành" rules={[zodRule(head.issuer)]}>
              <Input {...textLimit(head.issuer)} placeholder="Bộ Tài nguyên và Môi trường" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="issuing_document" label="Văn bản ban hành" rules={[zodRule(head.issuing_document)]}>
              <Input {...textLimit(head.issuing_document)} placeholder="Thông tư 47/2011/TT-BTNMT" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="valid_from"
              label="Có hiệu lực từ ngày"
              required
              rules={[{ required: true, message: 'Vui lòng chọn ngày có hiệu lực' }]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="valid_to"
              label="Hết hiệu lực từ ngày"
              dependencies={['valid_from']}
              rules={[toNotBeforeFrom]}
              extra="Ngày cuối còn hiệu lực; để trống nếu chưa bị thay thế"
            >
              <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="replaced_by_id"
              label="Thay thế bởi"
              extra="Quy chuẩn áp dụng sau ngày hết hiệu lực của quy chuẩn này"
            >
              <Select
                allowClear
                showSearch={{ filterOption: matches }}
                options={replacements}
                loading={options.isFetching}
                placeholder="Chọn quy chuẩn thay thế"
                notFoundContent="Không có quy chuẩn nào phù hợp"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="source"
              label="Nguồn trích dẫn"
              rules={[zodRule(head.source)]}
              extra="Văn bản và trang lấy các giá trị, để người khác kiểm tra lại"
            >
              <Input.TextArea {...textLimit(head.source)} rows={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="note" label="Ghi chú" rules={[zodRule(head.note)]}>
              <Input.TextArea {...textLimit(head.note)} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <ColumnsCard />
      <FactorsCard form={form} />
      <LimitsCard form={form} />

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}

/** The regulation's columns (A, B, B1…) and what each is for. */
function ColumnsCard() {
  return (
    <Form.List name="columns">
      {(fields, { add, remove }, { errors }) => (
        <Card title={`Các cột giá trị (${fields.length})`} size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            Mỗi cột một mức giới hạn của quy chuẩn, ví dụ cột A: xả vào nguồn nước dùng cho cấp nước sinh hoạt; cột B: xả vào
            nguồn nước không dùng cho cấp nước sinh hoạt.
          </Typography.Paragraph>
          {fields.map((field, i) => (
            <div
              key={field.key}
              data-testid="column-row"
              style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}
            >
              <Form.Item name={[field.name, 'code']} rules={[zodRule(column.code)]} style={{ ...tight, flex: '0 0 110px' }}>
                <Input
                  aria-label={`Ký hiệu cột ${i + 1}`}
                  placeholder="A"
                  autoComplete="off"
                  {...textLimit(column.code)}
                  showCount={false}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'meaning']}
                rules={[zodRule(column.meaning)]}
                style={{ ...tight, flex: 1, minWidth: 0 }}
              >
                <Input aria-label={`Ý nghĩa cột ${i + 1}`} placeholder="Ý nghĩa của cột" {...textLimit(column.meaning)} />
              </Form.Item>
              <RemoveButton label={`Xóa cột ${i + 1}`} onClick={() => remove(field.name)} />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ code: '', meaning: '' })}
            disabled={fields.length >= MAX_REGULATION_COLUMNS}
          >
            Thêm cột
          </Button>
        </Card>
      )}
    </Form.List>
  );
}

/** The factors a max is multiplied by (QCVN 40:2011's Kq, Kf), each with its table of values. */
function FactorsCard({ form }: { form: FormInstance<RegulationFormValues> }) {
  return (
    <Form.List name="factors">
      {(fields, { add, remove }, { errors }) => (
        <Card title={`Hệ số (${fields.length})`} size="small" style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            Khi quy chuẩn tính giá trị tối đa theo công thức (QCVN 40:2011: Cmax = C × Kq × Kf), khai báo từng hệ số cùng bảng giá
            trị; mỗi điểm quan trắc sẽ chọn một giá trị. Để trống nếu các giá trị là cố định.
          </Typography.Paragraph>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {fields.map((field, i) => (
              <FactorEditor key={field.key} form={form} field={field} index={i} onRemove={() => remove(field.name)} />
            ))}
          </div>
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: fields.length ? 12 : 0 }}
            onClick={() => add({ code: 'K', name: '', basis: '', values: [{ label: '', value: '' }] })}
            disabled={fields.length >= MAX_REGULATION_FACTORS}
          >
            Thêm hệ số
          </Button>
        </Card>
      )}
    </Form.List>
  );
}

function FactorEditor({
  form,
  field,
  index,
  onRemove,
}: {
  form: FormInstance<RegulationFormValues>;
  field: FormListFieldData;
  index: number;
  onRemove: () => void;
}) {
  const code: string = Form.useWatch(['factors', field.name, 'code'], form) || `hệ số ${index + 1}`;
  return (
    <Card
      size="small"
      type="inner"
      data-testid="factor-editor"
      title={`Hệ số ${index + 1}`}
      extra={<RemoveButton label={`Xóa hệ số ${index + 1}`} onClick={onRemove} />}
    >
      <Row gutter={12}>
        <Col xs={24} sm={6}>
          <Form.Item name={[field.name, 'code']} label="Ký hiệu" required rules={[zodRule(factor.code)]}>
            <Input aria-label={`Ký hiệu hệ số ${index + 1}`} placeholder="Kq" autoComplete="off" maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={18}>
          <Form.Item name={[field.name, 'name']} label="Tên hệ số" required rules={[zodRule(factor.name)]}>
            <Input
              aria-label={`Tên hệ số ${index + 1}`}
              placeholder="Hệ số lưu lượng/dung tích nguồn tiếp nhận"
              {...textLimit(factor.name)}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name={[field.name, 'basis']} label="Căn cứ chọn giá trị" rules={[zodRule(factor.basis)]}>
            <Input
              aria-label={`Căn cứ chọn hệ số ${index + 1}`}
              placeholder="Lưu lượng dòng chảy của nguồn tiếp nhận (m³/s)"
              {...textLimit(factor.basis)}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        Bảng giá trị
      </Typography.Text>
      <Form.List name={[field.name, 'values']}>
        {(values, { add, remove }, { errors }) => (
          <>
            {values.map((v, j) => (
              <div
                key={v.key}
                data-testid="factor-value-row"
                style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}
              >
                <Form.Item
                  name={[v.name, 'label']}
                  rules={[zodRule(factorValue.label)]}
                  style={{ ...tight, flex: 1, minWidth: 0 }}
                >
                  <Input
                    aria-label={`Điều kiện ${j + 1} của ${code}`}
                    placeholder="Q ≤ 50 m³/s"
                    {...textLimit(factorValue.label)}
                    showCount={false}
                  />
                </Form.Item>
                <Form.Item name={[v.name, 'value']} rules={[zodRule(factorValue.value)]} style={{ ...tight, flex: '0 0 110px' }}>
                  <Input aria-label={`Giá trị ${j + 1} của ${code}`} placeholder="0,9" inputMode="decimal" autoComplete="off" />
                </Form.Item>
                <RemoveButton label={`Xóa giá trị ${j + 1} của ${code}`} onClick={() => remove(v.name)} />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ label: '', value: '' })}
              disabled={values.length >= MAX_FACTOR_VALUES}
            >
              Thêm giá trị
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
