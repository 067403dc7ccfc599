import { CheckOutlined, CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Medium } from '@qlcv/common/schemas/parameters';
import {
  factorValueBody,
  MAX_FACTOR_VALUES,
  MAX_REGULATION_COLUMNS,
  MAX_REGULATION_FACTORS,
  MAX_REGULATION_LIMITS,
  type Regulation,
  regulationColumnBody,
  regulationCreateBody,
  regulationFactorBody,
  regulationLimitBody,
} from '@qlcv/common/schemas/regulations';
import { normalizeVi } from '@qlcv/common/vi-text';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  type FormInstance,
  type FormListFieldData,
  type FormListOperation,
  Input,
  Row,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormFooter } from '@/components/record-form';
import { MEDIUM_OPTIONS } from '@/features/sites';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { notifyError } from '@/lib/notify/notify';
import { useRegulationOptions } from '../api/regulations-api';
import { formulaText } from './regulation-labels';

export interface LimitFormRow {
  analyte: string;
  name: string;
  unit: string;
  column: string | undefined;
  /** As typed ("0,05" or "0.05"): a limit is a decimal string, never read into a float here. */
  min: string;
  max: string;
  averaging: string;
  factors: string[];
  note: string;
}

export interface RegulationFormValues {
  code: string;
  title: string;
  medium: Medium | undefined;
  issuer: string;
  issuing_document: string;
  valid_from: dayjs.Dayjs | null;
  valid_to: dayjs.Dayjs | null;
  replaced_by_id: number | null;
  source: string;
  note: string;
  columns: { code: string; meaning: string }[];
  factors: { code: string; name: string; basis: string; values: { label: string; value: string }[] }[];
  limits: LimitFormRow[];
}

export const EMPTY_REGULATION: RegulationFormValues = {
  code: '',
  title: '',
  medium: undefined,
  issuer: '',
  issuing_document: '',
  valid_from: null,
  valid_to: null,
  replaced_by_id: null,
  source: '',
  note: '',
  columns: [{ code: '', meaning: '' }],
  factors: [],
  limits: [],
};

/** A stored decimal as the field shows it: the Vietnamese comma, no thousands dots (a dot would read as decimals). */
const commaText = (s: string | null) => (s === null ? '' : s.replace('.', ','));
const day = (d: string | null) => (d ? dayjs(d) : null);
const iso = (d: dayjs.Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const blank = (s: string | null | undefined) => s?.trim() || null;

/** A saved regulation as the form edits it. */
export const regulationFormValues = (r: Regulation): RegulationFormValues => ({
  code: r.code,
  title: r.title,
  medium: r.medium,
  issuer: r.issuer ?? '',
  issuing_document: r.issuing_document ?? '',
  valid_from: day(r.valid_from),
  valid_to: day(r.valid_to),
  replaced_by_id: r.replaced_by?.id ?? null,
  source: r.source ?? '',
  note: r.note ?? '',
  columns: r.columns.map((c) => ({ ...c })),
  factors: r.factors.map((f) => ({
    code: f.code,
    name: f.name,
    basis: f.basis ?? '',
    values: f.values.map((v) => ({ label: v.label, value: commaText(v.value) })),
  })),
  limits: r.limits.map((l) => ({
    analyte: l.analyte,
    name: l.name,
    unit: l.unit,
    column: l.column,
    min: commaText(l.min),
    max: commaText(l.max),
    averaging: l.averaging,
    factors: [...l.factors],
    note: l.note ?? '',
  })),
});

/**
 * Form values → request body, in the form's order (so an error's path, `limits.3.max`, is the field's name): empty
 * text as null; decimals sent as typed (the server reads the comma and keeps "0,050" as 0.050, never as a float).
 */
export const toRegulationBody = (v: RegulationFormValues) => ({
  code: (v.code ?? '').trim(),
  title: (v.title ?? '').trim(),
  medium: v.medium as Medium,
  issuer: blank(v.issuer),
  issuing_document: blank(v.issuing_document),
  valid_from: iso(v.valid_from) ?? '',
  valid_to: iso(v.valid_to),
  replaced_by_id: v.replaced_by_id ?? null,
  source: blank(v.source),
  note: blank(v.note),
  columns: (v.columns ?? []).map((c) => ({ code: (c?.code ?? '').trim(), meaning: (c?.meaning ?? '').trim() })),
  factors: (v.factors ?? []).map((f) => ({
    code: (f?.code ?? '').trim(),
    name: (f?.name ?? '').trim(),
    basis: blank(f?.basis),
    values: (f?.values ?? []).map((x) => ({ label: (x?.label ?? '').trim(), value: (x?.value ?? '').trim() })),
  })),
  limits: (v.limits ?? []).map((l) => ({
    analyte: (l?.analyte ?? '').trim(),
    name: (l?.name ?? '').trim(),
    unit: (l?.unit ?? '').trim(),
    column: l?.column ?? '',
    min: blank(l?.min),
    max: blank(l?.max),
    averaging: (l?.averaging ?? '').trim(),
    factors: l?.factors ?? [],
    note: blank(l?.note),
  })),
});

type FieldErrors = { name: (string | number)[]; errors: string[] }[];

/**
 * The rules that span fields (a limit's column and factors among the regulation's, min ≤ max, one limit per analyte ×
 * column × period, unique codes), checked with the API's own schema before sending, each message put on its field.
 * Returns true when the body passes.
 */
export function checkRegulationForm(form: FormInstance, body: ReturnType<typeof toRegulationBody>) {
  const result = regulationCreateBody.safeParse(body);
  if (result.success) return true;
  const byPath = new Map<string, FieldErrors[number]>();
  for (const issue of result.error.issues) {
    let name = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    // A limit's factor (`limits.3.factors.1`) is one field, the multi-select.
    if (name[0] === 'limits' && name[2] === 'factors') name = name.slice(0, 3);
    if (name.length === 0) continue;
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byPath.set(key, entry);
  }
  const fields = [...byPath.values()];
  if (fields.length === 0) {
    notifyError(result.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ.');
    return false;
  }
  showFieldErrors(form, fields);
  return false;
}

const head = regulationCreateBody.shape;
const column = regulationColumnBody.shape;
const factor = regulationFactorBody.shape;
const factorValue = factorValueBody.shape;
const limit = regulationLimitBody.shape;

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
const DECIMAL_HINT = 'Số thập phân, dấu phẩy hoặc chấm là dấu thập phân (0,05); không dùng dấu phân cách hàng nghìn.';

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

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  // A native title, not a Tooltip: a table of limits has one a row, and a Tooltip each weighs on its drawing.
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={label} title={label} onClick={onClick} />;
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

const codesOf = (list: { code?: string }[] | undefined) => [
  ...new Set((list ?? []).map((x) => (x?.code ?? '').trim()).filter(Boolean)),
];

const LIMIT_FIELDS = ['analyte', 'name', 'unit', 'column', 'min', 'max', 'averaging', 'factors', 'note'] as const;

/**
 * Rows of the limits editor that must show their fields (the ones with an error), per form: the editor registers how to
 * open them, `showFieldErrors` asks before it puts the messages on the fields.
 */
const OPEN_LIMIT_ROWS = new WeakMap<FormInstance, (indexes: number[]) => void>();

/**
 * Puts field errors on the form (`['limits', 3, 'max']` on the fourth limit's max), opening the limit rows they belong to
 * first (a row shows its fields only while it is edited), and scrolls to the first.
 */
export function showFieldErrors(form: FormInstance, fields: FieldErrors) {
  const rows = fields.filter((f) => f.name[0] === 'limits' && typeof f.name[1] === 'number').map((f) => f.name[1] as number);
  if (rows.length > 0) flushSync(() => OPEN_LIMIT_ROWS.get(form)?.(rows));
  form.setFields(fields);
  if (fields[0]) form.scrollToField(fields[0].name, { block: 'center' });
}

/**
 * A 422's errors on fields inside the lists (`limits.3.max`, `factors.0.values.1.value`), each on its field. Returns
 * true when every field error of the answer was placed here; top-level ones are left to `handleSubmitError`.
 */
export function placeRegulationErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  const withField = error.errors.filter((e) => e.field);
  const nested = withField.filter((e) => e.field?.includes('.'));
  if (nested.length === 0) return false;
  const byPath = new Map<string, FieldErrors[number]>();
  for (const e of nested) {
    const entry = byPath.get(e.field!) ?? {
      name: e.field!.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [],
    };
    entry.errors.push(e.message);
    byPath.set(e.field!, entry);
  }
  showFieldErrors(form, [...byPath.values()]);
  return nested.length === withField.length;
}

/**
 * The limits: an analyte in a column (and an averaging period for air), its min and/or max, the factors its max is
 * multiplied by. A table of hundreds of limits would be hundreds of fields to draw, so a row reads as text and shows
 * its fields while it is edited (a new row, "Sửa", or a row with an error). The table scrolls sideways in its card.
 */
function LimitsCard({ form }: { form: FormInstance<RegulationFormValues> }) {
  return (
    <Form.List name="limits">
      {(fields, ops, { errors }) => <LimitsGrid form={form} fields={fields} ops={ops} errors={errors} />}
    </Form.List>
  );
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function LimitsGrid({
  form,
  fields,
  ops,
  errors,
}: {
  form: FormInstance<RegulationFormValues>;
  fields: FormListFieldData[];
  ops: FormListOperation;
  errors: ReactNode[];
}) {
  const columnCodes = codesOf(Form.useWatch('columns', { form, preserve: true }) ?? form.getFieldValue('columns'));
  const factorCodes = codesOf(Form.useWatch('factors', { form, preserve: true }) ?? form.getFieldValue('factors'));
  // The store's rows on the first pass too (the watch answers from the second), so the table is drawn once.
  const rows: (Partial<LimitFormRow> | undefined)[] =
    Form.useWatch('limits', { form, preserve: true }) ?? form.getFieldValue('limits') ?? [];
  const columnOptions = columnCodes.map((c) => ({ value: c, label: c }));
  const factorOptions = factorCodes.map((c) => ({ value: c, label: c }));
  // Edited rows by their field key (stable while rows are added and removed above them).
  const [editing, setEditing] = useState<ReadonlySet<number>>(() => new Set());
  // Rows added this render pass open once their key is known.
  const [opening, setOpening] = useState<number[]>([]);
  const keysAt = useRef(fields.map((f) => f.key));
  keysAt.current = fields.map((f) => f.key);

  useEffect(() => {
    OPEN_LIMIT_ROWS.set(form, (indexes) =>
      setEditing((now) => {
        const next = new Set(now);
        for (const i of indexes) {
          const key = keysAt.current[i];
          if (key !== undefined) next.add(key);
        }
        return next;
      }),
    );
    return () => {
      OPEN_LIMIT_ROWS.delete(form);
    };
  }, [form]);

  useEffect(() => {
    if (opening.length === 0) return;
    setEditing((now) => {
      const next = new Set(now);
      for (const i of opening) {
        const key = fields[i]?.key;
        if (key !== undefined) next.add(key);
      }
      return next;
    });
    setOpening([]);
  }, [opening, fields]);

  const addAt = (row: LimitFormRow, index: number) => {
    ops.add(row, index);
    setOpening((o) => [...o, index]);
  };
  /** A copy of a row in the next column (the same analyte in column B after column A), its values left to type. */
  const copy = (index: number) => {
    const row = form.getFieldValue(['limits', index]) as LimitFormRow;
    const next = columnCodes[(columnCodes.indexOf(row.column ?? '') + 1) % Math.max(columnCodes.length, 1)];
    addAt({ ...row, column: next, min: '', max: '', factors: [...(row.factors ?? [])] }, index + 1);
  };
  /** "Xong": the row reads as text again once its own fields pass. */
  const close = async (field: FormListFieldData) => {
    try {
      await form.validateFields(LIMIT_FIELDS.map((k) => ['limits', field.name, k]));
    } catch {
      return;
    }
    setEditing((now) => {
      const next = new Set(now);
      next.delete(field.key);
      return next;
    });
  };

  const isEditing = (f: FormListFieldData) => editing.has(f.key);
  const rowOf = (f: FormListFieldData) => rows[f.name] ?? {};
  const cell = (f: FormListFieldData, i: number, key: keyof LimitFormRow, rules: Rule[], node: ReactNode, text: ReactNode) =>
    isEditing(f) ? (
      <Form.Item name={[f.name, key]} rules={rules} style={tight}>
        {node}
      </Form.Item>
    ) : (
      <span data-testid={`limit-${key}-${i + 1}`}>{text === '' || text == null ? dash : text}</span>
    );

  const columns: TableColumnsType<FormListFieldData> = [
    {
      key: 'analyte',
      title: 'Mã chất',
      width: 120,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'analyte',
          [zodRule(limit.analyte)],
          <Input aria-label={`Mã chất dòng ${i + 1}`} placeholder="BOD5" autoComplete="off" />,
          rowOf(f).analyte?.toUpperCase(),
        ),
    },
    {
      key: 'name',
      title: 'Thông số',
      width: 200,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'name',
          [zodRule(limit.name)],
          <Input aria-label={`Thông số dòng ${i + 1}`} placeholder="BOD5 (20 °C)" />,
          rowOf(f).name,
        ),
    },
    {
      key: 'unit',
      title: 'Đơn vị',
      width: 100,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'unit',
          [zodRule(limit.unit)],
          <Input aria-label={`Đơn vị dòng ${i + 1}`} placeholder="mg/L" />,
          rowOf(f).unit,
        ),
    },
    {
      key: 'column',
      title: 'Cột',
      width: 90,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'column',
          [zodRule(limit.column)],
          <Select aria-label={`Cột dòng ${i + 1}`} options={columnOptions} placeholder="Cột" style={{ width: '100%' }} />,
          rowOf(f).column,
        ),
    },
    {
      key: 'min',
      title: 'Tối thiểu',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'min',
          [zodRule(limit.min)],
          <Input aria-label={`Tối thiểu dòng ${i + 1}`} inputMode="decimal" autoComplete="off" />,
          rowOf(f).min,
        ),
    },
    {
      key: 'max',
      title: 'Tối đa',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'max',
          [zodRule(limit.max)],
          <Input aria-label={`Tối đa dòng ${i + 1}`} inputMode="decimal" autoComplete="off" />,
          rowOf(f).max,
        ),
    },
    {
      key: 'averaging',
      title: 'Thời gian TB',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'averaging',
          [zodRule(limit.averaging)],
          <Input aria-label={`Thời gian trung bình dòng ${i + 1}`} placeholder="24 giờ" />,
          rowOf(f).averaging,
        ),
    },
    {
      key: 'factors',
      title: 'Hệ số',
      width: 150,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'factors',
          [zodRule(limit.factors)],
          <Select
            mode="multiple"
            aria-label={`Hệ số dòng ${i + 1}`}
            options={factorOptions}
            placeholder={factorOptions.length ? 'Cố định' : 'Không có'}
            disabled={factorOptions.length === 0}
            style={{ width: '100%' }}
          />,
          formulaText(rowOf(f).factors ?? []) ?? <Typography.Text type="secondary">Cố định</Typography.Text>,
        ),
    },
    {
      key: 'note',
      title: 'Ghi chú',
      width: 180,
      render: (_, f, i) =>
        cell(f, i, 'note', [zodRule(limit.note)], <Input aria-label={`Ghi chú dòng ${i + 1}`} />, rowOf(f).note),
    },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 120,
      // A row read as text has one button (a table of hundreds of rows draws fast); the others come with its fields.
      render: (_, f, i) =>
        isEditing(f) ? (
          <span style={{ display: 'flex' }}>
            <Button
              type="text"
              icon={<CheckOutlined />}
              aria-label={`Xong dòng ${i + 1}`}
              title="Xong"
              onClick={() => close(f)}
            />
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={`Sao chép dòng ${i + 1}`}
              title="Sao chép sang cột kế tiếp"
              onClick={() => copy(f.name)}
              disabled={fields.length >= MAX_REGULATION_LIMITS}
            />
            <RemoveButton label={`Xóa dòng ${i + 1}`} onClick={() => ops.remove(f.name)} />
          </span>
        ) : (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Sửa dòng ${i + 1}`}
            title="Sửa, sao chép hoặc xóa dòng"
            onClick={() => setEditing((now) => new Set(now).add(f.key))}
          />
        ),
    },
  ];

  return (
    <Card title={`Giá trị giới hạn (${fields.length})`} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Mỗi dòng một giá trị của một thông số ở một cột: pH 6–9 nhập tối thiểu 6, tối đa 9; DO ≥ 5 chỉ nhập tối thiểu. Hệ số nhân
        với giá trị tối đa. {DECIMAL_HINT} Bảng lớn có thể nhập từ Excel ở trang chi tiết.
      </Typography.Paragraph>
      {fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có giá trị giới hạn nào" style={{ margin: '8px 0' }} />
      ) : (
        <Table<FormListFieldData>
          size="small"
          rowKey="key"
          dataSource={fields}
          columns={columns}
          pagination={false}
          scroll={{ x: 1300 }}
        />
      )}
      <Form.ErrorList errors={errors} />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        onClick={() =>
          addAt(
            {
              analyte: '',
              name: '',
              unit: '',
              column: columnCodes[0],
              min: '',
              max: '',
              averaging: '',
              factors: [],
              note: '',
            },
            fields.length,
          )
        }
        disabled={fields.length >= MAX_REGULATION_LIMITS}
      >
        Thêm giá trị giới hạn
      </Button>
    </Card>
  );
}
