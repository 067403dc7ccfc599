import { Readable } from 'node:stream';
import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Medium } from '@qlcv/common/schemas/parameters';
import {
  FAR_FROM_POINT_M,
  SAMPLE_PHOTO_MAX_BYTES,
  SAMPLE_SORTS,
  SAMPLE_STATUS_LABELS,
  type Sample,
  type SampleCreateBody,
  type SampleDetail,
  type SampleLabel,
  type SampleListQuery,
  type SampleQcKind,
  type SampleStatus,
  type SampleUpdateBody,
} from '@qlcv/common/schemas/samples';
import type { TripDetail } from '@qlcv/common/schemas/sampling-trips';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { decodeImage } from '../../lib/data-url-image';
import { conflict, forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import { pageOf } from '../../lib/plain-record';
import type { Storage } from '../../lib/storage';
import { distanceMetres, fromE6 } from '../attendance/attendance-rules';
import type { ParametersService } from '../parameters/parameters.service';
import type { SamplingTripsService } from '../sampling-trips/sampling-trips.service';
import type { SitesService } from '../sites/sites.service';
import { auditView, checkEntry, entryColumns, labItems, toSample } from './sample-entry';
import { samplesRepository as repo, type SampleRow } from './samples.repository';

export const SAMPLE_ENTITY = 'samples';
export const SAMPLE_NOT_FOUND = 'Không tìm thấy mẫu.';

export interface SamplesDeps {
  trips: SamplingTripsService;
  parameters: ParametersService;
  sites: SitesService;
  storage: Storage;
}

/** Whoever sees every sample: the laboratory (reading or receiving), or who sees every trip. */
export const seesAllSamples = (actor: Actor) => hasAnyPermission(actor.permissions, ['lab.index', 'lab.receive', 'sampling.all']);
/** Who writes a trip's samples: its leader and members, or a planner with `sampling.edit`. */
export const onTeam = (actor: Actor, trip: Pick<TripDetail, 'leader' | 'members'>) =>
  trip.leader.id === actor.id ||
  trip.members.some((m) => m.id === actor.id) ||
  hasAnyPermission(actor.permissions, ['sampling.edit']);

const photoOf = (dataUrl: string) =>
  decodeImage(dataUrl, {
    field: 'photos',
    maxBytes: SAMPLE_PHOTO_MAX_BYTES,
    tooBig: 'Mỗi ảnh mẫu tối đa 400 kB.',
    notImage: 'Ảnh mẫu phải là ảnh JPEG hoặc PNG.',
  });

/**
 * Samples (issue 24 part 5): taken at a point of a trip's round by its team, with field measurements, photos and the
 * place; read by whoever sees the trip, and by the laboratory (`lab.index`). The chain of custody is
 * `sample-custody.service.ts`; this is the sample itself.
 */
export class SamplesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: SamplesDeps,
  ) {}

  /** Whether `actor` sees the sample: the laboratory and `sampling.all` every one, others through its trip. */
  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    const row = await repo.find(db, id);
    if (!row) return false;
    return seesAllSamples(actor) || this.deps.trips.canSee(db, row.trip_id, actor);
  }

  /** The list across trips is the laboratory's; others list one trip they see. */
  async list(actor: Actor, q: SampleListQuery) {
    if (!seesAllSamples(actor)) {
      if (q.trip_id === undefined) throw invalid('trip_id', 'Vui lòng chọn chuyến lấy mẫu để xem mẫu của chuyến.');
      if (!(await this.deps.trips.canSee(this.db, q.trip_id, actor))) throw notFound('Không tìm thấy chuyến lấy mẫu.');
    }
    const sort = parseSort<(typeof SAMPLE_SORTS)[number]>(q.sort, SAMPLE_SORTS, '-taken_at');
    const f = { ...q, now: nowIso() };
    return pageOf(
      q,
      async (w) => (await repo.list(this.db, f, sort, w)).map((r) => toSample(r, f.now)),
      () => repo.count(this.db, f),
      (s: Sample) => s,
    );
  }

  exportRows(actor: Actor, q: SampleListQuery): Promise<AsyncIterable<Sample>> {
    return allRows((page, perPage) => this.list(actor, { ...q, page, per_page: perPage }));
  }

  /** Samples handed over to the laboratory and not yet received: the dashboard's card, equal to its list. */
  countAwaitingLab(): Promise<number> {
    return repo.countStatus(this.db, 'handed_over');
  }

  async get(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<SampleDetail> {
    if (!(await this.canSee(db, id, actor))) throw notFound(SAMPLE_NOT_FOUND);
    return this.detail(db, id, actor);
  }

  /** A label's QR opens the sample by its code. */
  async byCode(actor: Actor, code: string): Promise<SampleDetail> {
    const found = await repo.idOfCode(this.db, code.trim().toUpperCase());
    if (!found || !(await this.canSee(this.db, found.id, actor))) throw notFound(`Không tìm thấy mẫu mã ${code}.`);
    return this.detail(this.db, found.id, actor);
  }

  /** The labels of a trip's samples, or of the samples asked for (those the caller sees). */
  async labels(actor: Actor, q: { trip_id?: number; ids?: number[] }): Promise<SampleLabel[]> {
    let rows: SampleRow[];
    if (q.trip_id !== undefined) {
      if (!seesAllSamples(actor) && !(await this.deps.trips.canSee(this.db, q.trip_id, actor)))
        throw notFound('Không tìm thấy chuyến lấy mẫu.');
      rows = await repo.byTrip(this.db, q.trip_id);
    } else {
      rows = [];
      for (const r of await repo.byIds(this.db, q.ids ?? []))
        if (seesAllSamples(actor) || (await this.deps.trips.canSee(this.db, r.trip_id, actor))) rows.push(r);
    }
    const trips = new Map<number, TripDetail>();
    const out: SampleLabel[] = [];
    for (const r of rows) {
      if (!trips.has(r.trip_id)) trips.set(r.trip_id, await this.deps.trips.read(r.trip_id));
      out.push({
        id: r.id,
        code: r.code,
        site: r.site_name,
        point: `${r.point_code} — ${r.point_name}`,
        medium: r.medium as Medium,
        qc_kind: r.qc_kind as SampleQcKind,
        taken_at: r.taken_at,
        preservation: r.preservation,
        lab_parameters: labItems(trips.get(r.trip_id)!, r).map((p) => p.code),
      });
    }
    return out;
  }

  async photo(actor: Actor, id: number, photoId: number) {
    if (!(await this.canSee(this.db, id, actor))) throw notFound(SAMPLE_NOT_FOUND);
    const p = (await repo.photos(this.db, [id])).find((x) => x.id === photoId);
    const stream = p ? await this.deps.storage.open(p.storage_key) : null;
    if (!p || !stream) throw notFound('Không tìm thấy ảnh.');
    return { mime: p.mime, stream };
  }

  /** A new sample; the same `client_key` sent again (a phone's queue retrying) answers the sample it made. */
  async create(actor: Actor, body: SampleCreateBody): Promise<{ sample: SampleDetail; created: boolean }> {
    if (body.client_key) {
      const sent = await repo.idOfClientKey(this.db, body.client_key);
      if (sent) return { sample: await this.get(actor, sent.id), created: false };
    }
    const photos = await this.receivePhotos(body.photos);
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const trip = await this.writableTrip(trx, actor, body.trip_id);
        const v = await checkEntry(trx, this.deps.parameters, trip, body);
        const now = nowIso();
        const { id } = await repo.insert(trx, {
          ...entryColumns(trip, body, v),
          status: 'taken',
          taken_by: actor.id,
          client_key: body.client_key ?? null,
          created_at: now,
          updated_at: now,
          created_by: actor.id,
        });
        await repo.setMeasurements(trx, id, v.measurements);
        for (const p of photos) await repo.insertPhoto(trx, { sample_id: id, ...p.row, created_at: now, created_by: actor.id });
        await repo.insertEvent(trx, {
          sample_id: id,
          status: 'taken',
          at: v.takenAt,
          by_id: actor.id,
          to_id: null,
          temperature: null,
          intact: null,
          within_holding: null,
          notes: null,
          created_at: now,
        });
        await writeAudit(trx, actor, {
          entity: SAMPLE_ENTITY,
          entityId: id,
          action: 'create',
          changes: diff(null, auditView(await this.detail(trx, id))),
        });
        return id;
      });
      for (const p of photos) await this.deps.storage.commit(p.tempPath, p.row.storage_key);
      return { sample: await this.detail(this.db, id, actor), created: true };
    } catch (err) {
      for (const p of photos) await this.deps.storage.discard(p.tempPath);
      // The same entry sent twice at once: the one that lost the race answers the sample the other made.
      const sent = body.client_key ? await repo.idOfClientKey(this.db, body.client_key) : undefined;
      if (sent) return { sample: await this.get(actor, sent.id), created: false };
      throw err;
    }
  }

  /** An edit while the sample is with the team (taken): by its team; an old version is told so. */
  async update(actor: Actor, id: number, body: SampleUpdateBody): Promise<SampleDetail> {
    const photos = await this.receivePhotos(body.add_photos);
    let removed: string[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        const before = await this.writable(trx, actor, id);
        if (body.version !== before.version) throw staleVersion();
        const trip = await this.writableTrip(trx, actor, before.trip.id);
        const v = await checkEntry(trx, this.deps.parameters, trip, body, id);
        const kept = before.photos.filter((p) => !body.remove_photo_ids.includes(p.id)).length;
        if (kept + photos.length > 4) throw invalid('add_photos', 'Mỗi mẫu tối đa 4 ảnh.');
        const now = nowIso();
        const moved = await repo.move(trx, id, 'taken', body.version, { ...entryColumns(trip, body, v), updated_at: now });
        if (!moved) throw staleVersion();
        await repo.setMeasurements(trx, id, v.measurements);
        removed = (await repo.deletePhotos(trx, id, body.remove_photo_ids)).map((r) => r.storage_key);
        for (const p of photos) await repo.insertPhoto(trx, { sample_id: id, ...p.row, created_at: now, created_by: actor.id });
        const changes = diff(auditView(before), auditView(await this.detail(trx, id)));
        await writeAudit(trx, actor, { entity: SAMPLE_ENTITY, entityId: id, action: 'update', changes });
      });
      for (const p of photos) await this.deps.storage.commit(p.tempPath, p.row.storage_key);
    } catch (err) {
      for (const p of photos) await this.deps.storage.discard(p.tempPath);
      throw err;
    }
    for (const key of removed) await this.deps.storage.remove(key);
    return this.detail(this.db, id, actor);
  }

  /** A sample still with the team may be deleted (a label spoilt, a mistake); once handed over, never. */
  async delete(actor: Actor, id: number): Promise<void> {
    const keys = await this.db.transaction().execute(async (trx) => {
      const before = await this.writable(trx, actor, id);
      const photos = await repo.photos(trx, [id]);
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: SAMPLE_ENTITY,
        entityId: id,
        action: 'delete',
        changes: diff(auditView(before), null),
      });
      return photos.map((p) => p.storage_key);
    });
    for (const key of keys) await this.deps.storage.remove(key);
  }

  // ---- reading -----------------------------------------------------------------------------------------------

  /** The sample as `actor` may act on it; `db`: the caller's transaction. */
  async detail(db: Kysely<DB>, id: number, actor?: Actor): Promise<SampleDetail> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(SAMPLE_NOT_FOUND);
    const [measurements, photos, events, trip] = await Promise.all([
      repo.measurements(db, [id]),
      repo.photos(db, [id]),
      repo.events(db, id),
      this.deps.trips.read(row.trip_id, db),
    ]);
    const labIds = labItems(trip, row).map((p) => p.id);
    const lab = await this.deps.parameters.byIds(labIds, db);
    const now = nowIso();
    const status = row.status as SampleStatus;
    const distance =
      row.latitude_e6 !== null && row.longitude_e6 !== null && row.point_latitude_e6 !== null && row.point_longitude_e6 !== null
        ? distanceMetres(row.latitude_e6, row.longitude_e6, row.point_latitude_e6, row.point_longitude_e6)
        : null;
    const team = actor ? onTeam(actor, trip) : false;
    const lab_ = actor ? hasAnyPermission(actor.permissions, ['lab.receive']) : false;
    const tripOpen = trip.status !== 'cancelled';
    return {
      ...toSample(row, now),
      container: row.container,
      preservation: row.preservation,
      latitude: row.latitude_e6 === null ? null : fromE6(row.latitude_e6),
      longitude: row.longitude_e6 === null ? null : fromE6(row.longitude_e6),
      accuracy_m: row.accuracy_m === null ? null : Number(row.accuracy_m),
      distance_m: distance,
      far_from_point: distance !== null && distance > FAR_FROM_POINT_M,
      measurements: measurements.map((m) => ({
        parameter: { id: m.parameter_id, code: m.parameter_code, name: m.parameter_name, unit: m.parameter_unit },
        value: m.value,
        equipment:
          m.equipment_id !== null ? { id: m.equipment_id, code: m.equipment_code ?? '', name: m.equipment_name ?? '' } : null,
      })),
      photos: photos.map((p) => ({ id: p.id, url: `/api/samples/${id}/photos/${p.id}` })),
      lab_parameters: lab.map((p) => ({ id: p.id, code: p.code, name: p.name, holding_hours: p.holding_hours })),
      events: events.map((e) => ({
        id: e.id,
        status: e.status as SampleStatus,
        at: e.at,
        by: { id: e.by_id, name: e.by_name },
        to: e.to_id !== null && e.to_name !== null ? { id: e.to_id, name: e.to_name } : null,
        temperature: e.temperature,
        intact: e.intact === null ? null : Boolean(Number(e.intact)),
        within_holding: e.within_holding === null ? null : Boolean(Number(e.within_holding)),
        notes: e.notes,
      })),
      notes: row.notes,
      can: {
        edit: team && tripOpen && status === 'taken',
        delete: team && status === 'taken',
        'hand-over': team && status === 'taken',
        receive: lab_ && status === 'handed_over',
        analyse: lab_ && status === 'received',
        store: lab_ && status === 'in_analysis',
        dispose: lab_ && status === 'stored',
      },
    };
  }

  // ---- writing -----------------------------------------------------------------------------------------------

  /** The trip `actor` writes a sample on: seen (404), not cancelled (409), and `actor` on its team (403). */
  async writableTrip(trx: Kysely<DB>, actor: Actor, tripId: number): Promise<TripDetail> {
    if (!seesAllSamples(actor) && !(await this.deps.trips.canSee(trx, tripId, actor)))
      throw notFound('Không tìm thấy chuyến lấy mẫu.');
    const trip = await this.deps.trips.read(tripId, trx);
    if (!onTeam(actor, trip)) throw forbidden('Chỉ trưởng đoàn và thành viên của chuyến mới ghi được mẫu của chuyến.');
    if (trip.status === 'cancelled') throw conflict(`Chuyến ${trip.code} đã hủy: không ghi thêm mẫu.`, 'TRIP_CANCELLED');
    return trip;
  }

  private async writable(trx: Kysely<DB>, actor: Actor, id: number): Promise<SampleDetail> {
    if (!(await this.canSee(trx, id, actor))) throw notFound(SAMPLE_NOT_FOUND);
    const s = await this.detail(trx, id, actor);
    if (s.status !== 'taken')
      throw conflict(
        `Mẫu ${s.code} đã ở bước "${SAMPLE_STATUS_LABELS[s.status]}": chỉ sửa, xóa được mẫu chưa bàn giao.`,
        'SAMPLE_HANDED_OVER',
      );
    if (!s.can.delete) throw forbidden('Chỉ trưởng đoàn và thành viên của chuyến mới sửa được mẫu của chuyến.');
    return s;
  }

  /** Photos checked and written to temporary files before the transaction (a bad one refuses the whole body). */
  private async receivePhotos(dataUrls: readonly string[]) {
    const decoded = dataUrls.map(photoOf);
    const out: { tempPath: string; row: { storage_key: string; mime: string; size: number } }[] = [];
    for (const p of decoded) {
      const temp = await this.deps.storage.receive(Readable.from([p.bytes]));
      out.push({ tempPath: temp.tempPath, row: { storage_key: this.deps.storage.newKey(), mime: p.mime, size: p.bytes.length } });
    }
    return out;
  }
}
