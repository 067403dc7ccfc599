import { AimOutlined } from '@ant-design/icons';
import {
  measuredValueSchema,
  SAMPLE_QC_KINDS,
  SAMPLE_QC_LABELS,
  SAMPLE_QC_SUFFIX,
  type SampleDetail,
  type SampleQcKind,
  sampleCreateBody,
} from '@qlcv/common/schemas/samples';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { Alert, Button, Card, Col, DatePicker, Form, type FormInstance, Input, Radio, Row, Select, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { FormFooter } from '@/components/record-form';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import { fieldError, textLimit, zodRule } from '@/lib/forms';
import type { SampleCreateInput, SampleUpdateInput } from '../api/samples-api';
import { type FormPhoto, SamplePhotos } from './sample-photos';

type ChecklistEntry = TripDetail['checklist'][number];

interface Measurement {
  parameter_id: number;
  value: string;
  equipment_id: number | null;
}

export interface SampleFormValues {
  /** `<round_id>:<point_id>`: a point of the trip's checklist, in one of its rounds. */
  place: string | null;
  qc_kind: SampleQcKind;
  code: string;
  taken_at: dayjs.Dayjs | null;
  container: string | null;
  preservation: string | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  measurements: Measurement[];
  photos: FormPhoto[];
  notes: string | null;
}

const placeKey = (roundId: number, pointId: number) => `${roundId}:${pointId}`;
const fieldParams = (entry: ChecklistEntry | undefined) => entry?.parameters.filter((p) => p.place === 'field') ?? [];

export function emptySample(): SampleFormValues {
  return {
    place: null,
    qc_kind: 'normal',
    code: '',
    taken_at: dayjs(),
    container: null,
    preservation: null,
    latitude: null,
    longitude: null,
    accuracy_m: null,
    measurements: [],
    photos: [],
    notes: null,
  };
}

export const toSampleValues = (s: SampleDetail): SampleFormValues => ({
  place: placeKey(s.round.id, s.point.id),
  qc_kind: s.qc_kind,
  code: s.code,
  taken_at: dayjs(s.taken_at),
  container: s.container,
  preservation: s.preservation,
  latitude: s.latitude,
  longitude: s.longitude,
  accuracy_m: s.accuracy_m,
  measurements: s.measurements.map((m) => ({
    parameter_id: m.parameter.id,
    value: m.value,
    equipment_id: m.equipment?.id ?? null,
  })),
  photos: s.photos.map((p) => ({ id: p.id, url: p.url })),
  notes: s.notes,
});

/** A queued entry's body back into the form (to fix what the server refused, or send it again). */
export function fromCreateBody(trip: TripDetail, b: SampleCreateInput): SampleFormValues {
  const entry = trip.checklist.find((c) => c.round_id === b.round_id && c.point.id === b.point_id);
  const sent = new Map((b.measurements ?? []).map((m) => [m.parameter_id, m]));
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    place: entry ? placeKey(entry.round_id, entry.point.id) : null,
    qc_kind: (b.qc_kind ?? 'normal') as SampleQcKind,
    code: text(b.code) ?? '',
    taken_at: dayjs(String(b.taken_at)),
    container: text(b.container),
    preservation: text(b.preservation),
    latitude: b.latitude ?? null,
    longitude: b.longitude ?? null,
    accuracy_m: b.accuracy_m ?? null,
    measurements: fieldParams(entry).map((p) => {
      const m = sent.get(p.id);
      return { parameter_id: p.id, value: m ? String(m.value) : '', equipment_id: (m?.equipment_id as number | null) ?? null };
    }),
    photos: (b.photos ?? []).map((url) => ({ id: null, url })),
    notes: text(b.notes),
  };
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function commonBody(v: SampleFormValues) {
  const [round, point] = (v.place ?? '0:0').split(':').map(Number) as [number, number];
  return {
    round_id: round,
    point_id: point,
    code: v.code.trim().toUpperCase(),
    qc_kind: v.qc_kind,
    // ISO with the phone's offset: the moment as the sampler saw it.
    taken_at: (v.taken_at ?? dayjs()).format(),
    container: blankToNull(v.container),
    preservation: blankToNull(v.preservation),
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    accuracy_m: v.accuracy_m ?? null,
    // A field parameter left empty was not measured: not sent.
    measurements: (v.measurements ?? [])
      .filter((m) => m.value?.trim())
      .map((m) => ({ parameter_id: m.parameter_id, value: m.value.trim(), equipment_id: m.equipment_id ?? null })),
    notes: blankToNull(v.notes),
  };
}

export const toCreateBody = (tripId: number, v: SampleFormValues): SampleCreateInput => ({
  trip_id: tripId,
  ...commonBody(v),
  photos: v.photos.filter((p) => p.id === null).map((p) => p.url),
});

export const toUpdateBody = (s: SampleDetail, v: SampleFormValues): SampleUpdateInput => {
  const kept = new Set(v.photos.flatMap((p) => (p.id === null ? [] : [p.id])));
  return {
    ...commonBody(v),
    add_photos: v.photos.filter((p) => p.id === null).map((p) => p.url),
    remove_photo_ids: s.photos.filter((p) => !kept.has(p.id)).map((p) => p.id),
    version: s.version,
  };
};

/** The server's field names → the form's: a round or point is the one "Điểm lấy mẫu", new photos are "Ảnh". */
function formField(field: string): (string | number)[] | null {
  if (field === 'round_id' || field === 'point_id' || field === 'trip_id') return ['place'];
  if (field.startsWith('photos') || field.startsWith('add_photos') || field.startsWith('remove_photo_ids')) return ['photos'];
  const m = /^measurements\.(\d+)\.(\w+)$/.exec(field);
  if (m) return ['measurements', Number(m[1]), m[2] === 'equipment_id' ? 'equipment_id' : 'value'];
  if (['code', 'qc_kind', 'taken_at', 'container', 'preservation', 'measurements', 'notes'].includes(field)) return [field];
  return null;
}

/**
 * A save refused: a code already used goes under "Mã mẫu", the server's field errors under their fields (a measurement
 * under its own row), a stale version to `onConflict`, the rest as the house shows them.
 */
export function showSampleError(form: FormInstance<SampleFormValues>, error: unknown, onConflict?: (m: string) => void) {
  if (error instanceof ApiError && error.code === 'SAMPLE_CODE_TAKEN') {
    form.setFields([{ name: 'code', errors: [error.message] }]);
    form.scrollToField('code', { block: 'center' });
    return;
  }
  if (error instanceof ApiError && error.status === 422) {
    // Measurements are sent without the empty rows: map a sent index back to the form's row.
    const sent = (form.getFieldValue('measurements') as Measurement[] | undefined)?.flatMap((m, i) =>
      m.value?.trim() ? [i] : [],
    );
    const fields = error.errors.flatMap((e) => {
      const name = e.field ? formField(e.field) : null;
      if (!name) return [];
      if (name[0] === 'measurements' && typeof name[1] === 'number') name[1] = sent?.[name[1]] ?? name[1];
      return [{ name, errors: [e.message] }];
    });
    if (fields.length > 0) {
      // Paths into the list (['measurements', 2, 'value']) are beyond the values' static type.
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      form.scrollToField(fields[0]!.name as Parameters<typeof form.scrollToField>[0], { block: 'center' });
      return;
    }
  }
  handleSubmitError(form, error, onConflict);
}

interface Props {
  form: FormInstance<SampleFormValues>;
  trip: TripDetail;
  initialValues: SampleFormValues;
  onFinish: (values: SampleFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the saved sample (its measured parameters keep their names and units). */
  sample?: SampleDetail;
  notice?: ReactNode;
}

/**
 * A sample as the field team enters it at the point, phone in hand: which point (from the trip's checklist), its QC
 * kind and code (suggested from the trip and point), when, the field measurements of the point's field parameters
 * with the instrument used, photos and the GPS fix.
 */
export function SampleForm({ form, trip, initialValues, onFinish, onCancel, submitting, submitLabel, sample, notice }: Props) {
  const shape = sampleCreateBody.shape;
  const entries = useMemo(() => new Map(trip.checklist.map((c) => [placeKey(c.round_id, c.point.id), c])), [trip]);
  const instruments = trip.equipment.filter((e) => e.kind === 'instrument');
  const place = Form.useWatch('place', form) ?? initialValues.place;
  const entry = place ? entries.get(place) : undefined;
  // The code last suggested: replaced on a new point or kind unless the sampler has typed their own.
  const suggested = useRef<string>(initialValues.code);

  const names = useMemo(() => {
    const out = new Map<number, { name: string; code: string; unit?: string }>();
    for (const c of trip.checklist) for (const p of c.parameters) out.set(p.id, { name: p.name, code: p.code, unit: p.unit });
    for (const m of sample?.measurements ?? []) out.set(m.parameter.id, m.parameter);
    return out;
  }, [trip, sample]);

  const pointOptions = useMemo(() => {
    const twice = new Set<number>();
    const seen = new Set<number>();
    for (const c of trip.checklist) (seen.has(c.point.id) ? twice : seen).add(c.point.id);
    const roundName = new Map(trip.rounds.map((r) => [r.id, r.name]));
    return trip.checklist.map((c) => ({
      value: placeKey(c.round_id, c.point.id),
      label: `${c.site.name} — ${c.point.code} — ${c.point.name}${twice.has(c.point.id) ? ` (${roundName.get(c.round_id) ?? ''})` : ''}`,
    }));
  }, [trip]);

  const suggest = (p: string | null, qc: SampleQcKind) => {
    const e = p ? entries.get(p) : undefined;
    if (!e) return;
    const next = `${trip.code}-${e.point.code}${SAMPLE_QC_SUFFIX[qc]}`.toUpperCase();
    const current = (form.getFieldValue('code') as string | undefined) ?? '';
    if (!current.trim() || current === suggested.current) form.setFieldValue('code', next);
    suggested.current = next;
  };

  const onValuesChange = (changed: Partial<SampleFormValues>, all: SampleFormValues) => {
    if ('place' in changed) {
      // One row per field parameter of the new point; a value already typed for the same parameter is kept.
      const before = new Map((all.measurements ?? []).map((m) => [m.parameter_id, m]));
      const only = instruments.length === 1 ? instruments[0]!.id : null;
      const e = changed.place ? entries.get(changed.place) : undefined;
      form.setFieldValue(
        'measurements',
        fieldParams(e).map((p) => before.get(p.id) ?? { parameter_id: p.id, value: '', equipment_id: only }),
      );
      suggest(changed.place ?? null, all.qc_kind);
    }
    if ('qc_kind' in changed && changed.qc_kind) suggest(all.place, changed.qc_kind);
  };

  return (
    <Form<SampleFormValues>
      form={form}
      name="sample"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
      style={{ maxWidth: 900 }}
    >
      {notice}
      <Card title="Điểm lấy mẫu và mã mẫu" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="place"
              label="Điểm lấy mẫu"
              required
              rules={[{ required: true, message: 'Vui lòng chọn điểm lấy mẫu' }]}
            >
              <Select<string>
                aria-label="Điểm lấy mẫu"
                placeholder="Chọn điểm trong danh mục lấy mẫu của chuyến"
                options={pointOptions}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="Chuyến chưa có điểm nào cần lấy mẫu"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="qc_kind" label="Loại mẫu" required>
              <Radio.Group
                aria-label="Loại mẫu"
                style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
                options={SAMPLE_QC_KINDS.map((k) => ({ value: k, label: SAMPLE_QC_LABELS[k] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label="Mã mẫu"
              required
              rules={[zodRule(shape.code)]}
              extra="Gợi ý theo mã chuyến và mã điểm; có thể sửa. Mã in trên nhãn, không trùng với mẫu khác."
            >
              <Input autoComplete="off" maxLength={50} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="taken_at"
              label="Thời điểm lấy mẫu"
              required
              rules={[{ required: true, message: 'Vui lòng chọn thời điểm lấy mẫu' }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm"
                style={{ width: '100%' }}
                aria-label="Thời điểm lấy mẫu"
                placeholder="Ngày giờ lấy mẫu"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="container" label="Dụng cụ chứa mẫu" rules={[zodRule(shape.container)]}>
              <Input {...textLimit(shape.container)} placeholder="Ví dụ: Chai nhựa PE 1 L" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="preservation" label="Cách bảo quản" rules={[zodRule(shape.preservation)]}>
              <Input {...textLimit(shape.preservation)} placeholder="Ví dụ: H₂SO₄ đến pH < 2, giữ lạnh 4 °C" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Kết quả đo hiện trường" style={{ marginBottom: 16 }}>
        {!entry ? (
          <Typography.Text type="secondary">Chọn điểm lấy mẫu để nhập các chỉ tiêu đo tại hiện trường.</Typography.Text>
        ) : fieldParams(entry).length === 0 ? (
          <Typography.Text type="secondary">
            Điểm {entry.point.code} không có chỉ tiêu đo tại hiện trường trong đợt này.
          </Typography.Text>
        ) : (
          <Form.List name="measurements">
            {(rows) =>
              rows.map((row) => {
                const parameterId = form.getFieldValue(['measurements', row.name, 'parameter_id']) as number;
                const p = names.get(parameterId);
                const label = p ? `${p.name}${p.unit ? ` (${p.unit})` : ''}` : `Chỉ tiêu ${parameterId}`;
                return (
                  <Row key={row.key} gutter={12} data-testid="measurement-row" style={{ alignItems: 'flex-start' }}>
                    <Form.Item name={[row.name, 'parameter_id']} hidden noStyle>
                      <Input />
                    </Form.Item>
                    <Col xs={24} md={10}>
                      <Form.Item
                        name={[row.name, 'value']}
                        label={label}
                        rules={[
                          {
                            validator: async (_r, v: string | undefined) => {
                              const message = v?.trim() ? fieldError(measuredValueSchema, v) : null;
                              if (message) throw new Error(message);
                            },
                          },
                        ]}
                      >
                        <Input inputMode="decimal" autoComplete="off" placeholder="Giá trị đo, ví dụ 7,25" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={14}>
                      <Form.Item name={[row.name, 'equipment_id']} label={`Thiết bị đo ${p?.code ?? ''}`.trim()}>
                        <Select<number | null>
                          allowClear
                          aria-label={`Thiết bị đo ${p?.code ?? ''}`.trim()}
                          placeholder={instruments.length ? 'Chọn thiết bị của chuyến' : 'Chuyến không mang thiết bị đo'}
                          options={instruments.map((e) => ({ value: e.id, label: `${e.code} — ${e.name}` }))}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })
            }
          </Form.List>
        )}
      </Card>

      <Card title="Ảnh, vị trí và ghi chú" style={{ marginBottom: 16 }}>
        <Form.Item name="photos" label="Ảnh tại điểm lấy mẫu">
          <SamplePhotos />
        </Form.Item>
        <GpsField form={form} />
        <Form.Item name="notes" label="Ghi chú" rules={[zodRule(shape.notes)]}>
          <Input.TextArea {...textLimit(shape.notes)} rows={2} placeholder="Thời tiết, màu, mùi của mẫu, sự cố khi lấy mẫu…" />
        </Form.Item>
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}

/** "Lấy vị trí GPS": the phone's fix, kept in the form's latitude, longitude and accuracy; optional. */
function GpsField({ form }: { form: FormInstance<SampleFormValues> }) {
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const accuracy = Form.useWatch('accuracy_m', form);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    if (!navigator.geolocation) {
      setProblem('Thiết bị này không hỗ trợ định vị GPS.');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        form.setFieldsValue({
          latitude: Math.round(pos.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(pos.coords.longitude * 1e6) / 1e6,
          accuracy_m: Math.min(100_000, Math.round(pos.coords.accuracy)),
        });
        form.setFields([{ name: 'latitude', errors: [] }]);
      },
      (err) => {
        setLocating(false);
        setProblem(
          err.code === err.PERMISSION_DENIED
            ? 'Bạn chưa cho phép ứng dụng dùng vị trí. Hãy bật quyền vị trí cho trình duyệt rồi thử lại.'
            : 'Không lấy được vị trí, hãy thử lại ở nơi thoáng.',
        );
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    );
  };

  return (
    <Form.Item label="Vị trí lấy mẫu" extra="Không bắt buộc; dùng để đối chiếu với tọa độ của điểm quan trắc.">
      <div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Button icon={<AimOutlined />} loading={locating} onClick={locate}>
            Lấy vị trí GPS
          </Button>
          {latitude != null && longitude != null && (
            <span data-testid="sample-gps">
              {latitude.toFixed(6)}, {longitude.toFixed(6)}
              {accuracy != null ? ` ± ${accuracy} m` : ''}
            </span>
          )}
          {latitude != null && (
            <Button
              type="link"
              size="small"
              onClick={() => form.setFieldsValue({ latitude: null, longitude: null, accuracy_m: null })}
            >
              Bỏ vị trí
            </Button>
          )}
        </div>
        {problem && <Alert type="warning" showIcon title={problem} style={{ marginTop: 8 }} />}
        {(['latitude', 'longitude', 'accuracy_m'] as const).map((name) => (
          <Form.Item key={name} name={name} hidden noStyle>
            <Input />
          </Form.Item>
        ))}
      </div>
    </Form.Item>
  );
}
