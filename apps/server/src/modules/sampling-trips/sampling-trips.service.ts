import { hasAnyPermission } from '@qlcv/common/permissions';
import type { EquipmentKind } from '@qlcv/common/schemas/equipment';
import {
  TRIP_BOOKING_STATUSES,
  TRIP_SORTS,
  TRIP_STATUS_LABELS,
  type Trip,
  type TripCreateBody,
  type TripDetail,
  type TripListQuery,
  type TripRoundOption,
  type TripStatus,
  type TripUpdateBody,
} from '@qlcv/common/schemas/sampling-trips';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, notFound, staleVersion } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import { pageOf } from '../../lib/plain-record';
import { nextSequence } from '../../lib/sequences';
import { updateVersioned } from '../../lib/versioned';
import type { DepartmentsService } from '../departments/departments.service';
import type { EquipmentService } from '../equipment/equipment.service';
import type { LeavesService } from '../leaves/leaves.service';
import type { MonitoringRoundsService } from '../monitoring-programs/monitoring-rounds.service';
import { checkTrip } from './sampling-trip-bookings';
import { recordTripAssigned } from './sampling-trip-events';
import { tripsRepository as repo, type TripRow, type TripScope } from './sampling-trips.repository';

export const TRIP_ENTITY = 'sampling_trips';
const NOT_FOUND = 'Không tìm thấy chuyến lấy mẫu.';
export type TripVerb = 'start' | 'finish' | 'cancel';

const MOVES: Record<TripVerb, { from: readonly TripStatus[]; to: TripStatus }> = {
  start: { from: ['planned'], to: 'in_progress' },
  finish: { from: ['in_progress'], to: 'done' },
  cancel: { from: ['planned', 'in_progress'], to: 'cancelled' },
};

/**
 * Sampling trips (issue 24 part 4): rounds sampled by a team with a vehicle and instruments. Scopes: everyone with
 * `sampling.index` sees the trips they lead, are on or planned; `sampling.department` adds those of their department (and
 * below); `sampling.all` every one. An instrument or vehicle is on one trip at a time (checked under its row lock) and
 * never past its calibration or inspection date; the trip moves by its own routes (start, finish, cancel).
 */
export class SamplingTripsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      rounds: MonitoringRoundsService;
      equipment: EquipmentService;
      departments: DepartmentsService;
      leaves: Pick<LeavesService, 'approvedMeeting'>;
    },
  ) {}

  async scopeOf(actor: Actor, db: Kysely<DB> = this.db): Promise<TripScope> {
    if (hasAnyPermission(actor.permissions, ['sampling.all'])) return { all: true, userId: actor.id, departmentIds: [] };
    const departmentIds = hasAnyPermission(actor.permissions, ['sampling.department'])
      ? await this.deps.departments.withDescendants(actor.departmentId, db)
      : [];
    return { all: false, userId: actor.id, departmentIds };
  }

  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    return repo.visible(db, id, await this.scopeOf(actor, db));
  }

  async list(actor: Actor, q: TripListQuery) {
    const scope = await this.scopeOf(actor);
    const sort = parseSort<(typeof TRIP_SORTS)[number]>(q.sort, TRIP_SORTS, '-start_date');
    return pageOf(
      q,
      async (w) => this.toTrips(await repo.list(this.db, scope, q, sort, w)),
      () => repo.count(this.db, scope, q),
      (t: Trip) => t,
    );
  }

  /** Planned or running trips in `actor`'s scope meeting [from, to]: the dashboard's card. */
  async countOpen(actor: Actor, from: string, to: string): Promise<number> {
    return repo.count(this.db, await this.scopeOf(actor), { from, to, statuses: TRIP_BOOKING_STATUSES });
  }

  exportRows(actor: Actor, q: TripListQuery): Promise<AsyncIterable<Trip>> {
    return allRows((page, perPage) => this.list(actor, { ...q, page, per_page: perPage }));
  }

  roundOptions(search: string | undefined): Promise<TripRoundOption[]> {
    return this.deps.rounds.options(search);
  }

  /** The trip as `actor` sees it; 404 outside their scope. */
  async get(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<TripDetail> {
    if (!(await this.canSee(db, id, actor))) throw notFound(NOT_FOUND);
    return this.detail(db, id, actor);
  }

  async create(actor: Actor, body: TripCreateBody): Promise<TripDetail> {
    const id = await this.db.transaction().execute(async (trx) => {
      const refs = await checkTrip(trx, this.deps, body);
      const year = body.start_date.slice(0, 4);
      const n = await nextSequence(trx, `sampling_trips:${year}`);
      const code = `CLM-${year}-${String(n).padStart(3, '0')}`;
      const now = nowIso();
      const { id } = await repo.insert(trx, {
        code,
        name: body.name,
        status: 'planned',
        start_date: body.start_date,
        end_date: body.end_date,
        leader_id: body.leader_id,
        notes: body.notes ?? null,
        search_text: searchText(code, body.name, ...refs.rounds.map((r) => r.site.name)),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      await repo.setChildren(trx, id, this.children(body));
      await recordTripAssigned(trx, actor, { id, code }, body, refs.rounds);
      await writeAudit(trx, actor, {
        entity: TRIP_ENTITY,
        entityId: id,
        action: 'create',
        changes: diff(null, auditView(await this.detail(trx, id))),
      });
      return id;
    });
    return this.detail(this.db, id, actor);
  }

  async update(actor: Actor, id: number, body: TripUpdateBody): Promise<TripDetail> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.mayWrite(trx, actor, id);
      // An edit of an old version is told so first, whatever else its body would meet now.
      if (body.version !== before.version) throw staleVersion();
      if (before.status !== 'planned')
        throw conflict(
          `Chuyến ${before.code} đang ở trạng thái "${TRIP_STATUS_LABELS[before.status]}": chỉ sửa được chuyến chưa bắt đầu.`,
          'TRIP_STARTED',
        );
      const refs = await checkTrip(trx, this.deps, body, before);
      await updateVersioned(
        trx,
        'sampling_trips',
        id,
        body.version,
        {
          name: body.name,
          start_date: body.start_date,
          end_date: body.end_date,
          leader_id: body.leader_id,
          notes: body.notes ?? null,
          search_text: searchText(before.code, body.name, ...refs.rounds.map((r) => r.site.name)),
        },
        () => notFound(NOT_FOUND),
      );
      await repo.setChildren(trx, id, this.children(body));
      await recordTripAssigned(trx, actor, { id, code: before.code }, body, refs.rounds, before);
      const changes = diff(auditView(before), auditView(await this.detail(trx, id)));
      await writeAudit(trx, actor, { entity: TRIP_ENTITY, entityId: id, action: 'update', changes });
    });
    return this.detail(this.db, id, actor);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.mayWrite(trx, actor, id);
      if (before.status === 'in_progress' || before.status === 'done')
        throw conflict(`Chuyến ${before.code} đã bắt đầu: không xóa được, hãy hủy chuyến.`, 'TRIP_STARTED');
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: TRIP_ENTITY,
        entityId: id,
        action: 'delete',
        changes: diff(auditView(before), null),
      });
    });
  }

  /** start: planned → in progress; finish: → done (the leader or `sampling.edit`); cancel (`sampling.edit`). */
  async move(actor: Actor, id: number, verb: TripVerb, version?: number): Promise<TripDetail> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.canSee(trx, id, actor))) throw notFound(NOT_FOUND);
      const trip = await this.detail(trx, id, actor);
      if (!trip.can[verb]) {
        const { from, to } = MOVES[verb];
        if (!from.includes(trip.status))
          throw conflict(
            `Chuyến ${trip.code} đang ở trạng thái "${TRIP_STATUS_LABELS[trip.status]}", không thể chuyển sang "${TRIP_STATUS_LABELS[to]}".`,
          );
        throw forbidden(
          verb === 'cancel'
            ? 'Chỉ người điều phối chuyến mới hủy được chuyến.'
            : 'Chỉ trưởng đoàn hoặc người điều phối mới cập nhật được chuyến.',
        );
      }
      if (version !== undefined && version !== trip.version) throw staleVersion();
      const to = MOVES[verb].to;
      const now = nowIso();
      const moved = await repo.move(trx, id, trip.status, trip.version, {
        status: to,
        updated_at: now,
        ...(verb === 'start' ? { started_at: now } : verb === 'finish' ? { finished_at: now } : {}),
      });
      if (!moved) throw staleVersion();
      await writeAudit(trx, actor, { entity: TRIP_ENTITY, entityId: id, action: verb, changes: { status: [trip.status, to] } });
    });
    return this.detail(this.db, id, actor);
  }

  /** The trip for another module that has checked the caller's access itself (a sample's own rules); `db`: its trx. */
  read(id: number, db: Kysely<DB> = this.db): Promise<TripDetail> {
    return this.detail(db, id);
  }

  /** Who is on a trip (not cancelled) on which days within [from, to]: timekeeping's business-trip days. */
  teamDays(from: string, to: string, userIds: readonly number[] | null) {
    return repo.teamDays(this.db, from, to, userIds);
  }

  /** The trip code holding one of a programme's rounds (the programme then keeps its period and lines). */
  tripOfProgram(db: Kysely<DB>, programId: number): Promise<string | null> {
    return repo.tripOfProgram(db, programId);
  }

  // ---- reading -----------------------------------------------------------------------------------------------

  private async toTrips(rows: TripRow[]): Promise<Trip[]> {
    const ids = rows.map((r) => r.id);
    const [members, equipment, links] = await Promise.all([
      repo.members(this.db, ids),
      repo.equipment(this.db, ids),
      repo.roundIds(this.db, ids),
    ]);
    const rounds = new Map((await this.deps.rounds.byIds([...new Set(links.map((l) => l.round_id))])).map((r) => [r.id, r]));
    return rows.map((r) => {
      const sites = links
        .filter((l) => l.trip_id === r.id)
        .map((l) => rounds.get(l.round_id)?.site.name)
        .filter((s): s is string => !!s);
      const vehicle = equipment.find((e) => e.trip_id === r.id && e.kind === 'vehicle');
      return {
        ...head(r),
        members_count: members.filter((m) => m.trip_id === r.id).length,
        sites: [...new Set(sites)],
        vehicle: vehicle ? { id: vehicle.id, code: vehicle.code, name: vehicle.name, identifier: vehicle.identifier } : null,
      };
    });
  }

  private async detail(db: Kysely<DB>, id: number, actor?: Actor): Promise<TripDetail> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    const [members, equipment, links] = await Promise.all([
      repo.members(db, [id]),
      repo.equipment(db, [id]),
      repo.roundIds(db, [id]),
    ]);
    const rounds = await this.deps.rounds.byIds(
      links.map((l) => l.round_id),
      db,
    );
    const checklist = await this.deps.rounds.checklist(rounds, db);
    const vehicle = equipment.find((e) => e.kind === 'vehicle');
    const status = row.status as TripStatus;
    const editor = actor ? hasAnyPermission(actor.permissions, ['sampling.edit']) : false;
    const leads = actor?.id === row.leader_id || editor;
    return {
      ...head(row),
      members_count: members.length,
      sites: [...new Set(rounds.map((r) => r.site.name))],
      vehicle: vehicle ? { id: vehicle.id, code: vehicle.code, name: vehicle.name, identifier: vehicle.identifier } : null,
      members: members.map((m) => ({ id: m.id, name: m.name })),
      equipment: equipment.map((e) => ({
        id: e.id,
        code: e.code,
        name: e.name,
        kind: e.kind as EquipmentKind,
        identifier: e.identifier,
        calibration_due: e.calibration_due,
      })),
      rounds,
      checklist,
      notes: row.notes,
      created_by: row.created_by !== null && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
      can: {
        edit: editor && status === 'planned',
        start: leads && status === 'planned',
        finish: leads && status === 'in_progress',
        cancel: editor && (status === 'planned' || status === 'in_progress'),
      },
    };
  }

  // ---- writing -----------------------------------------------------------------------------------------------

  private async mayWrite(trx: Kysely<DB>, actor: Actor, id: number): Promise<TripDetail> {
    if (!(await this.canSee(trx, id, actor))) throw notFound(NOT_FOUND);
    return this.detail(trx, id, actor);
  }

  private children(body: TripCreateBody) {
    return {
      members: body.member_ids,
      equipment: [...(body.vehicle_id ? [body.vehicle_id] : []), ...body.equipment_ids],
      rounds: body.round_ids,
    };
  }
}

function head(r: TripRow) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    status: r.status as TripStatus,
    start_date: r.start_date,
    end_date: r.end_date,
    leader: { id: r.leader_id, name: r.leader_name },
    version: Number(r.version),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** What the history compares: people and things by name, rounds by programme and name. */
function auditView(t: TripDetail): Record<string, unknown> {
  return {
    name: t.name,
    start_date: t.start_date,
    end_date: t.end_date,
    leader: t.leader,
    members: t.members.map((m) => m.name),
    vehicle: t.vehicle ? `${t.vehicle.code} — ${t.vehicle.name}` : null,
    equipment: t.equipment.filter((e) => e.kind === 'instrument').map((e) => e.code),
    rounds: t.rounds.map((r) => `${r.program.code}: ${r.name}`),
    notes: t.notes,
  };
}
