import { formatDate } from '@qlcv/common/format/date';
import type { Medium } from '@qlcv/common/schemas/parameters';
import {
  SAMPLE_HOLDING_STATUSES,
  type Sample,
  type SampleCreateBody,
  type SampleDetail,
  type SampleQcKind,
  type SampleStatus,
  type SampleUpdateBody,
} from '@qlcv/common/schemas/samples';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { sampleCodeTakenMessage } from '../../lib/constraint-answers';
import { AppError, invalid } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import { toE6 } from '../attendance/attendance-rules';
import type { ParametersService } from '../parameters/parameters.service';
import { samplesRepository as repo, type SampleRow } from './samples.repository';

// A sample's entry checked against its trip, and the shapes it is read in (kept apart from the service's flow).

/** A phone's clock may run a little ahead of the server's. */
export const CLOCK_SKEW_MS = 10 * 60_000;

export type Entry = Awaited<ReturnType<typeof checkEntry>>;

/**
 * The point on the trip's checklist, the measurements its field parameters with the trip's instruments, the time within the trip, the code
 * free; the holding time from the shortest of its laboratory parameters.
 */
export async function checkEntry(
  trx: Kysely<DB>,
  parameters: ParametersService,
  trip: TripDetail,
  body: SampleCreateBody | SampleUpdateBody,
  selfId?: number,
) {
  const item = trip.checklist.find((c) => c.round_id === body.round_id && c.point.id === body.point_id);
  if (!item) throw invalid('point_id', `Điểm lấy mẫu không thuộc danh mục của chuyến ${trip.code}.`);
  const instruments = new Set(trip.equipment.filter((e) => e.kind === 'instrument').map((e) => e.id));
  body.measurements.forEach((m, i) => {
    const p = item.parameters.find((x) => x.id === m.parameter_id);
    if (p?.place !== 'field')
      throw invalid(`measurements.${i}.parameter_id`, `Thông số này không được đo tại hiện trường ở điểm ${item.point.code}.`);
    if (m.equipment_id != null && !instruments.has(m.equipment_id))
      throw invalid(`measurements.${i}.equipment_id`, `Thiết bị đo không có trong chuyến ${trip.code}.`);
  });
  const takenAt = new Date(body.taken_at).toISOString();
  if (Date.parse(takenAt) > Date.now() + CLOCK_SKEW_MS) throw invalid('taken_at', 'Thời điểm lấy mẫu không được ở tương lai.');
  const day = vnToday(new Date(takenAt));
  if (day < trip.start_date || day > trip.end_date)
    throw invalid(
      'taken_at',
      `Thời điểm lấy mẫu phải trong thời gian của chuyến (${formatDate(trip.start_date)} – ${formatDate(trip.end_date)}).`,
    );
  const holder = await repo.codeHolder(trx, body.code, selfId);
  if (holder)
    throw new AppError(409, 'SAMPLE_CODE_TAKEN', sampleCodeTakenMessage(body.code, holder.trip_code), [
      { field: 'code', message: sampleCodeTakenMessage(body.code, holder.trip_code) },
    ]);
  const lab = await parameters.byIds(
    item.parameters.filter((p) => p.place !== 'field').map((p) => p.id),
    trx,
  );
  const hours = lab.map((p) => p.holding_hours).filter((h): h is number => h !== null);
  const holdUntil = hours.length ? new Date(Date.parse(takenAt) + Math.min(...hours) * 3_600_000).toISOString() : null;
  return {
    item,
    takenAt,
    holdUntil,
    measurements: body.measurements.map((m) => ({
      parameter_id: m.parameter_id,
      value: m.value,
      equipment_id: m.equipment_id ?? null,
    })),
  };
}

export function entryColumns(trip: TripDetail, body: SampleCreateBody | SampleUpdateBody, v: Entry) {
  return {
    code: body.code,
    trip_id: trip.id,
    round_id: body.round_id,
    point_id: body.point_id,
    medium: v.item.point.medium,
    qc_kind: body.qc_kind,
    taken_at: v.takenAt,
    hold_until: v.holdUntil,
    container: body.container ?? null,
    preservation: body.preservation ?? null,
    latitude_e6: body.latitude == null ? null : toE6(body.latitude),
    longitude_e6: body.longitude == null ? null : toE6(body.longitude),
    accuracy_m: body.accuracy_m ?? null,
    notes: body.notes ?? null,
    search_text: searchText(body.code, trip.code, v.item.site.name, v.item.point.code, v.item.point.name),
  };
}

/** The laboratory parameters due at the sample's point in its round (what the lab analyses). */
export function labItems(trip: Pick<TripDetail, 'checklist'>, r: Pick<SampleRow, 'round_id' | 'point_id'>) {
  const item = trip.checklist.find((c) => c.round_id === r.round_id && c.point.id === r.point_id);
  return (item?.parameters ?? []).filter((p) => p.place !== 'field');
}

export function toSample(r: SampleRow, now: string): Sample {
  const status = r.status as SampleStatus;
  return {
    id: r.id,
    code: r.code,
    trip: { id: r.trip_id, code: r.trip_code },
    round: { id: r.round_id, name: r.round_name, program_code: r.program_code },
    site: { id: r.site_id, code: r.site_code, name: r.site_name },
    point: { id: r.point_id, code: r.point_code, name: r.point_name },
    medium: r.medium as Medium,
    qc_kind: r.qc_kind as SampleQcKind,
    status,
    taken_at: r.taken_at,
    taken_by: { id: r.taken_by, name: r.taken_by_name },
    hold_until: r.hold_until,
    overdue: r.hold_until !== null && SAMPLE_HOLDING_STATUSES.includes(status) && r.hold_until < now,
    version: Number(r.version),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** What the history compares. */
export function auditView(s: SampleDetail): Record<string, unknown> {
  return {
    code: s.code,
    point: `${s.site.code} · ${s.point.code}`,
    qc_kind: s.qc_kind,
    taken_at: s.taken_at,
    container: s.container,
    preservation: s.preservation,
    latitude: s.latitude,
    longitude: s.longitude,
    measurements: s.measurements.map((m) => `${m.parameter.code} = ${m.value} ${m.parameter.unit}`),
    photos: s.photos.length,
    notes: s.notes,
  };
}
