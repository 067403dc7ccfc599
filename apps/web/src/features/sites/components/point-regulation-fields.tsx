import { compareDec, formatDecVi } from '@qlcv/common/lab-decimal';
import type { Medium } from '@qlcv/common/schemas/parameters';
import { chosenFactorBody, type RegulationOption } from '@qlcv/common/schemas/regulations';
import { pointBody } from '@qlcv/common/schemas/sites';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Col, Form, type FormInstance, type FormListFieldData, Input, Row, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { textLimit, zodRule } from '@/lib/forms';
import {
  factorsPreview,
  factorValueLabel,
  OTHER_REGULATION,
  type RegulationChoice,
  regulationLabel,
  regulationsOf,
} from './regulation-labels';

/** A point's chosen value of one factor of its regulation, and why (the river's flow, the plant's capacity…). */
export interface FactorChoice {
  value: string | null;
  reason: string | null;
}

/** The form's fields of a point that name its regulation (the rest of the point is site-form's). */
export interface PointRegulationValues {
  regulation_id: RegulationChoice;
  regulation: string | null;
  regulation_column: string | null;
  /** By factor code ("Kq"): the server's errors name a factor by its place in the body, mapped back by code. */
  factors: Record<string, FactorChoice>;
}

type FactorValue = { label: string; value: string };

const sameValue = (a: string, b: string) => {
  try {
    return compareDec(a, b) === 0;
  } catch {
    return a === b;
  }
};

/**
 * A factor's table as a picker whose field holds the value ("0.9"), not the row: several rows of a table may give the
 * same value (Kq 0,9 for Q ≤ 50 m³/s and for a river without flow data), so the row picked is remembered here, and a
 * saved value shows as its first row. A value the table no longer has stays shown, marked.
 */
function FactorValueSelect({
  id,
  value,
  onChange,
  values,
  placeholder,
  onRowChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  values: FactorValue[];
  placeholder: string;
  onRowChange: (row: FactorValue | null) => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const row =
    picked !== null && value && values[picked] && sameValue(values[picked].value, value)
      ? picked
      : value
        ? values.findIndex((v) => sameValue(v.value, value))
        : null;
  const options = values.map((v, i) => ({ value: i, label: factorValueLabel(v) }));
  if (value && row === -1) options.push({ value: -1, label: `${formatDecVi(value)} — không còn trong bảng của quy chuẩn` });
  return (
    <Select<number>
      id={id}
      allowClear
      placeholder={placeholder}
      value={row ?? undefined}
      options={options}
      optionRender={(o) => <span style={{ whiteSpace: 'normal' }}>{o.label}</span>}
      onChange={(i?: number) => {
        const next = i === undefined || i < 0 ? null : (values[i] ?? null);
        setPicked(next ? (i as number) : null);
        onChange?.(next ? next.value : null);
        onRowChange(next);
      }}
    />
  );
}

const matches = (input: string, option?: { label?: unknown }) =>
  normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input));

interface Props {
  form: FormInstance;
  field: FormListFieldData;
  medium: Medium | null | undefined;
  /** The whole catalogue (every medium); undefined while it loads. */
  catalogue: RegulationOption[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Saved points' regulations by id (their codes), kept pickable should the catalogue no longer list one. */
  known: ReadonlyMap<number, string>;
}

/**
 * The regulation a point's results are compared with: one of the catalogue for its medium — then its column and,
 * for a regulation that computes its limits (QCVN 40: C × Kq × Kf), a value of each factor's table with its reason —
 * or one not in the catalogue, typed as its citation and compared with nothing.
 */
export function PointRegulationFields({ form, field, medium, catalogue, loading, failed, known }: Props) {
  const point = pointBody.shape;
  const path = (...rest: (string | number)[]) => ['points', field.name, ...rest];
  const choice = Form.useWatch(path('regulation_id'), form) as RegulationChoice | undefined;
  const factors = (Form.useWatch(path('factors'), form) ?? {}) as Record<string, Partial<FactorChoice> | undefined>;
  const column = Form.useWatch(path('regulation_column'), form) as string | null | undefined;
  const regulation = typeof choice === 'number' ? catalogue?.find((r) => r.id === choice) : undefined;

  const options = useMemo(() => {
    const list: { value: number | string; label: string }[] = medium
      ? regulationsOf(catalogue ?? [], medium).map((r) => ({ value: r.id, label: regulationLabel(r) }))
      : [];
    if (typeof choice === 'number' && !list.some((o) => o.value === choice) && known.has(choice))
      list.push({ value: choice, label: known.get(choice) as string });
    list.push({ value: OTHER_REGULATION, label: 'Quy chuẩn khác (nhập tay)' });
    return list;
  }, [catalogue, medium, choice, known]);

  // Another regulation: its column and factors start empty (a single column is the only choice, so it is made).
  const onRegulationChange = (next: RegulationChoice | undefined) => {
    const picked = typeof next === 'number' ? catalogue?.find((r) => r.id === next) : undefined;
    form.setFieldValue(path('regulation_column'), picked?.columns.length === 1 ? picked.columns[0]?.code : null);
    form.setFieldValue(path('factors'), {});
    if (next !== OTHER_REGULATION) form.setFieldValue(path('regulation'), null);
  };

  const chosenColumn = regulation?.columns.find((c) => c.code === column);
  const preview = regulation
    ? factorsPreview(
        regulation.factors.map((f) => f.code),
        regulation.factors.map((f) => factors[f.code]?.value),
      )
    : null;

  return (
    <div data-testid="point-regulation" style={{ marginBottom: 12 }}>
      <Typography.Text strong>So sánh với quy chuẩn</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {medium
          ? 'Quy chuẩn trong danh mục được dùng để tính giới hạn áp dụng cho từng chỉ tiêu của điểm.'
          : 'Chọn thành phần môi trường trước để chọn quy chuẩn.'}
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} md={choice === OTHER_REGULATION ? 24 : 12}>
          <Form.Item name={[field.name, 'regulation_id']} label="Quy chuẩn so sánh">
            <Select<RegulationChoice>
              allowClear
              disabled={!medium}
              placeholder={medium ? 'Chọn quy chuẩn' : 'Chọn thành phần môi trường trước'}
              options={options}
              loading={loading}
              showSearch={{ filterOption: matches }}
              onChange={onRegulationChange}
              optionRender={(o) => <span style={{ whiteSpace: 'normal' }}>{o.label}</span>}
              notFoundContent={failed ? 'Không tải được danh mục quy chuẩn' : 'Không có quy chuẩn phù hợp'}
            />
          </Form.Item>
        </Col>
        {choice === OTHER_REGULATION && (
          <>
            <Col xs={24} md={16}>
              <Form.Item
                name={[field.name, 'regulation']}
                label="Quy chuẩn áp dụng"
                rules={[zodRule(point.regulation)]}
                extra="Quy chuẩn không có trong danh mục: chỉ ghi để tham khảo, kết quả không được so sánh tự động."
              >
                <Input {...textLimit(point.regulation)} placeholder="Ví dụ: QCVN 28:2010/BTNMT" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[field.name, 'regulation_column']} label="Cột" rules={[zodRule(point.regulation_column)]}>
                <Input {...textLimit(point.regulation_column)} placeholder="Ví dụ: B" />
              </Form.Item>
            </Col>
          </>
        )}
        {typeof choice === 'number' && (
          <Col xs={24} md={12}>
            <Form.Item
              name={[field.name, 'regulation_column']}
              label="Cột áp dụng"
              required
              rules={[{ required: true, message: 'Vui lòng chọn cột áp dụng của quy chuẩn' }]}
              extra={chosenColumn ? `Cột ${chosenColumn.code}: ${chosenColumn.meaning}` : undefined}
            >
              <Select
                placeholder="Chọn cột"
                loading={loading}
                options={(regulation?.columns ?? []).map((c) => ({ value: c.code, label: `${c.code} — ${c.meaning}` }))}
                optionRender={(o) => <span style={{ whiteSpace: 'normal' }}>{o.label}</span>}
              />
            </Form.Item>
          </Col>
        )}
        {regulation?.factors.map((f) => {
          const chosen = factors[f.code];
          const reason = chosen?.reason?.trim();
          return (
            <Col xs={24} md={12} key={f.code} data-testid="point-factor">
              <Form.Item
                name={[field.name, 'factors', f.code, 'value']}
                label={`Hệ số ${f.code} — ${f.name}`}
                extra={f.basis ? `Căn cứ chọn: ${f.basis}` : undefined}
                style={{ marginBottom: 8 }}
              >
                <FactorValueSelect
                  values={f.values}
                  placeholder={`Chọn ${f.code} theo bảng của quy chuẩn`}
                  onRowChange={(row) => {
                    // The row picked is the first reason (several rows share a value); a reason typed stays.
                    const reason = path('factors', f.code, 'reason');
                    const current = ((form.getFieldValue(reason) as string | null) ?? '').trim();
                    if (!current || f.values.some((v) => v.label === current)) form.setFieldValue(reason, row?.label ?? null);
                  }}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'factors', f.code, 'reason']}
                label={`Căn cứ chọn ${f.code}`}
                rules={[zodRule(chosenFactorBody.shape.reason)]}
                style={{ marginBottom: 4 }}
              >
                <Input {...textLimit(chosenFactorBody.shape.reason)} placeholder="Ví dụ: Q sông Cầu = 45 m³/s (số liệu 2024)" />
              </Form.Item>
              <Typography.Paragraph
                data-testid="factor-preview"
                type={chosen?.value ? 'secondary' : 'warning'}
                style={{ fontSize: 12, marginBottom: 12 }}
              >
                {chosen?.value
                  ? `${f.code} = ${formatDecVi(chosen.value)}${reason ? ` — căn cứ: ${reason}` : ''}`
                  : `Chưa chọn ${f.code}: giới hạn có nhân ${f.code} sẽ chưa tính được.`}
              </Typography.Paragraph>
            </Col>
          );
        })}
        {preview && (
          <Col span={24}>
            <Typography.Paragraph data-testid="factors-preview" style={{ fontSize: 12, marginBottom: 8 }}>
              Giới hạn có hệ số: <strong>{preview}</strong>
            </Typography.Paragraph>
          </Col>
        )}
      </Row>
    </div>
  );
}
