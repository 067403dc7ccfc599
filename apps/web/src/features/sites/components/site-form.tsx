import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Medium } from '@qlcv/common/schemas/parameters';
import type { RegulationOption } from '@qlcv/common/schemas/regulations';
import {
  type Frequency,
  MAX_POINT_PARAMETERS,
  MAX_SITE_POINTS,
  planLineSchema,
  pointBody,
  type SiteDetail,
  siteCreateBody,
} from '@qlcv/common/schemas/sites';
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
  Input,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { type ReactNode, useMemo } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { CodeNameFields, FormFooter } from '@/components/record-form';
import { ProvinceSelect } from '@/features/customers';
import { useParameterOptions } from '@/features/parameters/api/parameters-api';
import { useRegulationOptions } from '@/features/regulations/api/regulations-api';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import type { InvalidDecimal } from '@/lib/decimal';
import { textLimit, zodRule } from '@/lib/forms';
import type { SiteCreateInput } from '../api/sites-api';
import { CustomerSelect } from './customer-select';
import { PointRegulationFields, type PointRegulationValues } from './point-regulation-fields';
import { OTHER_REGULATION } from './regulation-labels';
import { FREQUENCY_OPTIONS, MEDIUM_OPTIONS } from './site-labels';

type Coordinate = number | null | InvalidDecimal;

export interface PlanLineValues {
  parameter_id: number | null;
  frequency: Frequency | null;
}

export interface PointValues extends PointRegulationValues {
  /** Kept for an existing point, so its id (and what refers to it) stays. */
  id?: number;
  code: string;
  name: string;
  medium: Medium | null;
  latitude: Coordinate;
  longitude: Coordinate;
  description: string | null;
  plan: PlanLineValues[];
}

export interface SiteFormValues {
  code: string;
  name: string;
  customer_id: number | null;
  address: string | null;
  province: string | null;
  latitude: Coordinate;
  longitude: Coordinate;
  permit_number: string | null;
  permit_date: dayjs.Dayjs | null;
  description: string | null;
  active: boolean;
  points: PointValues[];
}

export const EMPTY_SITE: SiteFormValues = {
  code: '',
  name: '',
  customer_id: null,
  address: null,
  province: null,
  latitude: null,
  longitude: null,
  permit_number: null,
  permit_date: null,
  description: null,
  active: true,
  points: [],
};

const NEW_POINT: PointValues = {
  code: '',
  name: '',
  medium: null,
  latitude: null,
  longitude: null,
  description: null,
  regulation_id: null,
  regulation: null,
  regulation_column: null,
  factors: {},
  plan: [],
};
const NEW_LINE: PlanLineValues = { parameter_id: null, frequency: 'quarterly' };

export const toSiteValues = (s: SiteDetail): SiteFormValues => ({
  code: s.code,
  name: s.name,
  customer_id: s.customer.id,
  address: s.address,
  province: s.province,
  latitude: s.latitude,
  longitude: s.longitude,
  permit_number: s.permit_number,
  permit_date: s.permit_date ? dayjs(s.permit_date) : null,
  description: s.description,
  active: s.active,
  points: s.points.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    medium: p.medium,
    latitude: p.latitude,
    longitude: p.longitude,
    description: p.description,
    // A citation without a catalogue regulation is one typed by hand.
    regulation_id: p.regulation_id ?? (p.regulation || p.regulation_column ? OTHER_REGULATION : null),
    regulation: p.regulation_id ? null : p.regulation,
    regulation_column: p.regulation_column,
    factors: Object.fromEntries(p.regulation_factors.map((f) => [f.code, { value: f.value, reason: f.reason }])),
    plan: p.plan.map((l) => ({ parameter_id: l.parameter.id, frequency: l.frequency })),
  })),
});

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
// The fields' rules have passed by the time the form is sent: a coordinate is a number or empty.
const coordinate = (v: Coordinate) => (typeof v === 'number' ? v : null);

/** Form values → request body: empty text as null, the date as YYYY-MM-DD, every point with its plan. */
export function toSiteBody(v: SiteFormValues): SiteCreateInput {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    customer_id: v.customer_id as number,
    address: text(v.address),
    province: v.province ?? null,
    latitude: coordinate(v.latitude),
    longitude: coordinate(v.longitude),
    permit_number: text(v.permit_number),
    permit_date: v.permit_date ? v.permit_date.format('YYYY-MM-DD') : null,
    description: text(v.description),
    active: v.active,
    points: (v.points ?? []).map((p) => ({
      ...(p.id ? { id: p.id } : {}),
      code: (p.code ?? '').trim(),
      name: (p.name ?? '').trim(),
      medium: p.medium as Medium,
      latitude: coordinate(p.latitude),
      longitude: coordinate(p.longitude),
      description: text(p.description),
      ...regulationBody(p),
      plan: (p.plan ?? []).map((l) => ({ parameter_id: l.parameter_id as number, frequency: l.frequency as Frequency })),
    })),
  };
}

/** A point's regulation as the API takes it: a catalogue one with its column and the factors chosen, or a typed citation. */
function regulationBody(p: PointValues) {
  if (typeof p.regulation_id === 'number')
    return {
      regulation_id: p.regulation_id,
      // The server writes the catalogue's code as the citation.
      regulation: null,
      regulation_column: p.regulation_column ?? null,
      regulation_factors: Object.entries(p.factors ?? {})
        .filter(([, f]) => f?.value)
        .map(([code, f]) => ({ code, value: f.value as string, reason: text(f.reason) })),
    };
  const typed = p.regulation_id === OTHER_REGULATION;
  return {
    regulation_id: null,
    regulation: typed ? text(p.regulation) : null,
    regulation_column: typed ? text(p.regulation_column) : null,
    regulation_factors: [],
  };
}

/**
 * The server names a chosen factor by its place in the body (`points.0.regulation_factors.1.value`); the form keeps
 * factors by code (`points.0.factors.Kf.value`). Rewrites those fields for the body that was sent, so the errors land
 * on the factor's own picker; a whole-list error goes under the regulation.
 */
export function siteFormError(error: unknown, body: SiteCreateInput): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = error.errors.map((e) => {
    const m = /^points\.(\d+)\.regulation_factors(?:\.(\d+)\.(\w+))?$/.exec(e.field ?? '');
    if (!m) return e;
    const [, i, j, key] = m;
    const code = j === undefined ? undefined : body.points?.[Number(i)]?.regulation_factors?.[Number(j)]?.code;
    if (!code) return { ...e, field: `points.${i}.regulation_id` };
    return { ...e, field: `points.${i}.factors.${code}.${key === 'reason' ? 'reason' : 'value'}` };
  });
  return new ApiError(error.message, error.status, error.code, errors, error.canceled, { cause: error });
}

/** A parameter a saved plan names, kept as an option even when it is no longer in use. */
export interface KnownParameter {
  id: number;
  medium: Medium;
  label: string;
}

/** The parameters a site's saved plans name (their labels, by the medium of their point). */
export function knownParameters(site: SiteDetail | undefined): KnownParameter[] {
  if (!site) return [];
  return site.points.flatMap((p) =>
    p.plan.map((l) => ({ id: l.parameter.id, medium: p.medium, label: parameterLabel(l.parameter) })),
  );
}

const parameterLabel = (p: { code: string; name: string; unit: string }) => `${p.code} — ${p.name} (${p.unit})`;

interface Props {
  form: FormInstance<SiteFormValues>;
  initialValues: SiteFormValues;
  onFinish: (values: SiteFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the saved site, whose plans' parameters stay pickable. */
  site?: SiteDetail;
  notice?: ReactNode;
}

/** The site in one card, then its monitoring points, each with its plan; shared by create and edit. */
export function SiteForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, site, notice }: Props) {
  const shape = siteCreateBody.shape;
  const known = useMemo(() => knownParameters(site), [site]);
  const catalogue = useRegulationOptions();
  const knownRegulations = useMemo(
    () =>
      new Map((site?.points ?? []).flatMap((p) => (p.regulation_id && p.regulation ? [[p.regulation_id, p.regulation]] : []))),
    [site],
  );

  return (
    <Form<SiteFormValues>
      form={form}
      name="site"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
      style={{ maxWidth: 1280 }}
    >
      {notice}
      <Card title="Thông tin cơ sở" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã cơ sở', example: 'CS-XANH-01' }}
            name={{ label: 'Tên cơ sở', placeholder: 'Ví dụ: Nhà máy chế biến thủy sản Xanh' }}
          />
          <Col xs={24} md={12}>
            <Form.Item
              name="customer_id"
              label="Khách hàng"
              required
              rules={[{ required: true, message: 'Vui lòng chọn khách hàng' }]}
            >
              <CustomerSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="province" label="Tỉnh/thành phố" rules={[zodRule(shape.province)]}>
              <ProvinceSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="address" label="Địa chỉ cơ sở" rules={[zodRule(shape.address)]}>
              <Input {...textLimit(shape.address)} placeholder="Ví dụ: Lô C5, KCN Phố Nối A, xã Lạc Hồng" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="latitude" label="Vĩ độ" rules={[zodRule(shape.latitude)]}>
              <DecimalInput scale={6} grouping={false} placeholder="20,936512" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="longitude" label="Kinh độ" rules={[zodRule(shape.longitude)]}>
              <DecimalInput scale={6} grouping={false} placeholder="106,017391" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="permit_number" label="Số giấy phép môi trường" rules={[zodRule(shape.permit_number)]}>
              <Input {...textLimit(shape.permit_number)} placeholder="Ví dụ: 123/GP-UBND" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="permit_date" label="Ngày cấp giấy phép">
              <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Ghi chú" rules={[zodRule(shape.description)]}>
              <Input.TextArea
                {...textLimit(shape.description)}
                rows={2}
                placeholder="Ngành nghề, công suất, lưu ý khi lấy mẫu…"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            {/* `required` only drops the "(Tùy chọn)" mark: a switch always has a value. */}
            <Form.Item
              name="active"
              label="Đang theo dõi"
              required
              valuePropName="checked"
              extra="Cơ sở ngừng theo dõi không còn được chọn khi lập chương trình quan trắc."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Form.List name="points">
        {(fields, { add, remove }) => (
          <Card
            title={`Điểm quan trắc (${fields.length})`}
            style={{ marginBottom: 16 }}
            styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}
          >
            {fields.length === 0 && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="Chưa có điểm quan trắc nào. Thêm các điểm theo giấy phép môi trường: NT1 (nước thải), KT1 (khí thải), KK1 (không khí xung quanh)…"
                style={{ margin: 0 }}
              />
            )}
            {fields.map((field, index) => (
              <PointCard
                key={field.key}
                form={form}
                field={field}
                index={index}
                known={known}
                regulations={{
                  catalogue: catalogue.data,
                  loading: catalogue.isFetching,
                  failed: catalogue.isError,
                  known: knownRegulations,
                }}
                onRemove={() => remove(field.name)}
              />
            ))}
            <div>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ ...NEW_POINT, factors: {}, plan: [] })}
                disabled={submitting || fields.length >= MAX_SITE_POINTS}
              >
                Thêm điểm quan trắc
              </Button>
            </div>
          </Card>
        )}
      </Form.List>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}

const matches = (input: string, option?: { label?: unknown }) =>
  normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input));

/** One point: where, what medium, the regulation it is judged by, and its plan (parameters of its medium, how often). */
function PointCard({
  form,
  field,
  index,
  known,
  regulations,
  onRemove,
}: {
  form: FormInstance<SiteFormValues>;
  field: FormListFieldData;
  index: number;
  known: KnownParameter[];
  regulations: {
    catalogue: RegulationOption[] | undefined;
    loading: boolean;
    failed: boolean;
    known: ReadonlyMap<number, string>;
  };
  onRemove: () => void;
}) {
  const point = pointBody.shape;
  const line = planLineSchema.shape;
  const medium = Form.useWatch(['points', field.name, 'medium'], form) as Medium | null | undefined;
  const code = Form.useWatch(['points', field.name, 'code'], form) as string | undefined;
  const plan = (Form.useWatch(['points', field.name, 'plan'], form) ?? []) as Partial<PlanLineValues>[];
  // A point's plan offers the parameters in use of its medium.
  const parameters = useParameterOptions({ medium: medium ?? undefined, active: '1' }, { enabled: !!medium });
  const number = index + 1;

  const options = useMemo(() => {
    if (!medium) return [];
    const list = (parameters.data ?? []).map((p) => ({ value: p.id, label: parameterLabel(p) }));
    for (const k of known)
      if (k.medium === medium && !list.some((o) => o.value === k.id)) list.push({ value: k.id, label: k.label });
    return list;
  }, [parameters.data, known, medium]);

  // A parameter once per point: the ones other lines hold are greyed out.
  const optionsFor = (lineIndex: number) => {
    const taken = new Set(plan.filter((_, i) => i !== lineIndex).map((l) => l?.parameter_id));
    return options.map((o) => ({ ...o, disabled: taken.has(o.value) }));
  };

  // Another medium: the chosen parameters belong to the old one, and so may the regulation.
  const onMediumChange = (next: Medium) => {
    const regulationId = form.getFieldValue(['points', field.name, 'regulation_id']) as unknown;
    if (typeof regulationId === 'number' && regulations.catalogue?.find((r) => r.id === regulationId)?.medium !== next) {
      form.setFieldValue(['points', field.name, 'regulation_id'], null);
      form.setFieldValue(['points', field.name, 'regulation_column'], null);
      form.setFieldValue(['points', field.name, 'factors'], {});
    }
    const current = (form.getFieldValue(['points', field.name, 'plan']) ?? []) as PlanLineValues[];
    if (current.some((l) => l?.parameter_id))
      form.setFieldValue(
        ['points', field.name, 'plan'],
        current.map((l) => ({ ...l, parameter_id: null })),
      );
  };

  return (
    <Card
      size="small"
      type="inner"
      data-testid="point-card"
      title={
        <span style={{ whiteSpace: 'normal' }}>
          Điểm {number}
          {code?.trim() ? `: ${code.trim()}` : ''}
        </span>
      }
      extra={
        <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Xóa điểm ${number}`}>
          Xóa điểm
        </Button>
      }
    >
      <Form.Item name={[field.name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={6}>
          <Form.Item name={[field.name, 'code']} label="Ký hiệu điểm" required rules={[zodRule(point.code)]}>
            <Input {...textLimit(point.code)} placeholder="NT1" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[field.name, 'name']} label="Vị trí" required rules={[zodRule(point.name)]}>
            <Input {...textLimit(point.name)} placeholder="Ví dụ: Nước thải sau hệ thống xử lý, trước khi ra cống chung" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={[field.name, 'medium']} label="Thành phần môi trường" required rules={[zodRule(point.medium)]}>
            <Select options={MEDIUM_OPTIONS} placeholder="Chọn thành phần" onChange={onMediumChange} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[field.name, 'latitude']} label="Vĩ độ" rules={[zodRule(point.latitude)]}>
            <DecimalInput scale={6} grouping={false} placeholder="20,936512" inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[field.name, 'longitude']} label="Kinh độ" rules={[zodRule(point.longitude)]}>
            <DecimalInput scale={6} grouping={false} placeholder="106,017391" inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[field.name, 'description']} label="Mô tả điểm" rules={[zodRule(point.description)]}>
            <Input.TextArea {...textLimit(point.description)} rows={1} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>

      <PointRegulationFields form={form} field={field} medium={medium} {...regulations} />

      <Typography.Text strong>Kế hoạch quan trắc</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {medium
          ? 'Chỉ tiêu đang sử dụng của thành phần môi trường đã chọn, và tần suất theo giấy phép.'
          : 'Chọn thành phần môi trường trước để chọn chỉ tiêu.'}
      </Typography.Paragraph>
      <Form.List name={[field.name, 'plan']}>
        {(lines, { add, remove }) => (
          <>
            {lines.map((l, j) => (
              <div
                key={l.key}
                data-testid="plan-line"
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 8,
                  alignItems: 'flex-start',
                  marginBottom: 8,
                  padding: '8px 8px 0',
                  background: 'rgba(0, 0, 0, 0.02)',
                  borderRadius: 6,
                }}
              >
                <Form.Item
                  name={[l.name, 'parameter_id']}
                  rules={[zodRule(line.parameter_id)]}
                  style={{ flex: '1 1 240px', minWidth: 0, marginBottom: 8 }}
                >
                  <Select
                    aria-label={`Chỉ tiêu ${j + 1} của điểm ${number}`}
                    placeholder={medium ? 'Chọn chỉ tiêu' : 'Chọn thành phần môi trường trước'}
                    disabled={!medium}
                    options={optionsFor(j)}
                    loading={parameters.isFetching}
                    showSearch={{ filterOption: matches }}
                    notFoundContent={
                      parameters.isError
                        ? 'Không tải được danh mục chỉ tiêu'
                        : 'Chưa có chỉ tiêu đang sử dụng của thành phần này trong danh mục'
                    }
                  />
                </Form.Item>
                <Form.Item
                  name={[l.name, 'frequency']}
                  rules={[zodRule(line.frequency)]}
                  style={{ flex: '1 1 140px', maxWidth: 200, marginBottom: 8 }}
                >
                  <Select
                    aria-label={`Tần suất ${j + 1} của điểm ${number}`}
                    placeholder="Tần suất"
                    options={FREQUENCY_OPTIONS}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(l.name)}
                  aria-label={`Xóa chỉ tiêu ${j + 1} của điểm ${number}`}
                />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ ...NEW_LINE })}
              disabled={lines.length >= MAX_POINT_PARAMETERS}
              aria-label={`Thêm chỉ tiêu cho điểm ${number}`}
            >
              Thêm chỉ tiêu
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
