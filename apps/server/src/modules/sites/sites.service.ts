import type { ChosenFactor } from '@qlcv/common/regulation-limits';
import type { Medium } from '@qlcv/common/schemas/parameters';
import type { EffectiveLimitRecord } from '@qlcv/common/schemas/regulations';
import {
  type Frequency,
  SITE_SORTS,
  type Site,
  type SiteCreateBody,
  type SiteDetail,
  type SiteListQuery,
  type SiteOption,
  type SiteOptionsQuery,
  type SitePoint,
} from '@qlcv/common/schemas/sites';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { lockRow } from '../../lib/row-lock';
import { fromE6, toE6 } from '../attendance/attendance-rules';
import type { RegulationsService } from '../regulations/regulations.service';
import { type PlanRow, type PointRow, sitesRepository as repo, type SiteRow } from './sites.repository';

export const SITE_ENTITY = 'sites';

const e6 = (v: number | null | undefined) => (v === null || v === undefined ? null : toE6(v));
const deg = (v: number | null) => (v === null ? null : fromE6(Number(v)));

function toSite(r: SiteRow, media: Medium[]): Site {
  return {
    ...kit.recordHead(r),
    customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name },
    address: r.address,
    province: r.province,
    latitude: deg(r.latitude_e6),
    longitude: deg(r.longitude_e6),
    permit_number: r.permit_number,
    permit_date: r.permit_date,
    description: r.description,
    active: Boolean(Number(r.active)),
    points_count: Number(r.points_count ?? 0),
    media,
    ...kit.recordStamps(r),
  };
}

function chosenFactors(p: PointRow): ChosenFactor[] {
  if (!p.regulation_factors) return [];
  return (JSON.parse(p.regulation_factors) as ChosenFactor[]).map((f) => ({
    code: f.code,
    value: f.value,
    reason: f.reason ?? null,
  }));
}

function toPoint(p: PointRow, plans: PlanRow[], limits: EffectiveLimitRecord[]): SitePoint {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    medium: p.medium as Medium,
    latitude: deg(p.latitude_e6),
    longitude: deg(p.longitude_e6),
    description: p.description,
    regulation_id: p.regulation_id,
    regulation: p.regulation,
    regulation_column: p.regulation_column,
    regulation_factors: chosenFactors(p).map((f) => ({ ...f, reason: f.reason ?? null })),
    plan: plans
      .filter((l) => l.point_id === p.id)
      .map((l) => ({
        parameter: { id: l.id, code: l.code, name: l.name, unit: l.unit, method: l.method, analyte: l.analyte },
        frequency: l.frequency as Frequency,
      })),
    limits,
  };
}

/** A site with its points, their plans and today's effective limits, as one read. */
async function findDetail(db: Kysely<DB>, id: number, regulations: RegulationsService): Promise<SiteDetail | undefined> {
  const row = await repo.find(db, id);
  if (!row) return undefined;
  const points = await repo.points(db, [id]);
  const plans = await repo.plans(
    db,
    points.map((p) => p.id),
  );
  const media = [...new Set(points.map((p) => p.medium as Medium))];
  const out: SitePoint[] = [];
  for (const p of points) {
    const analytes = plans.filter((l) => l.point_id === p.id && l.analyte).map((l) => l.analyte as string);
    const limits =
      p.regulation_id === null
        ? []
        : await regulations.effectiveLimits(
            { regulation_id: p.regulation_id, column: p.regulation_column, factors: chosenFactors(p) },
            analytes,
            undefined,
            db,
          );
    out.push(toPoint(p, plans, limits));
  }
  return { ...toSite(row, media), points: out };
}

/**
 * The body's references: the customer, each point's id (this site's), each plan line's parameter (the point's medium),
 * each point's regulation of the catalogue (its column, its factors' values) — whose code becomes the point's citation.
 */
async function checkBody(
  db: Kysely<DB>,
  body: SiteCreateBody,
  regulations: RegulationsService,
  before?: SiteDetail,
): Promise<void> {
  if (!(await repo.customerExists(db, body.customer_id))) throw invalid('customer_id', 'Khách hàng không tồn tại.');
  // Held before reading who uses its points: a programme being written for the site waits, or is waited for.
  if (before) await lockRow(db, 'sites', before.id, 'write');
  const own = new Set(before?.points.map((p) => p.id) ?? []);
  // A point a programme names stays (its rounds and samples refer to it).
  const kept = new Set(body.points.flatMap((p) => (p.id === undefined ? [] : [p.id])));
  const dropped = (before?.points ?? []).filter((p) => !kept.has(p.id));
  const used = await repo.programsOfPoints(
    db,
    dropped.map((p) => p.id),
  );
  if (used.length > 0) {
    const point = dropped.find((p) => p.id === used[0]?.point_id);
    throw invalid('points', `Không thể bỏ điểm ${point?.code} vì đang thuộc chương trình quan trắc ${used[0]?.code}.`);
  }
  const ids = [...new Set(body.points.flatMap((p) => p.plan.map((l) => l.parameter_id)))];
  const mediumOf = new Map((await repo.parameterMedia(db, ids)).map((p) => [p.id, p.medium]));
  body.points.forEach((point, i) => {
    if (point.id !== undefined && !own.has(point.id)) throw invalid(`points.${i}.id`, 'Điểm quan trắc không thuộc cơ sở này.');
    point.plan.forEach((line, j) => {
      const medium = mediumOf.get(line.parameter_id);
      if (!medium) throw invalid(`points.${i}.plan.${j}.parameter_id`, 'Chỉ tiêu không tồn tại.');
      if (medium !== point.medium)
        throw invalid(`points.${i}.plan.${j}.parameter_id`, 'Chỉ tiêu không thuộc thành phần môi trường của điểm.');
    });
  });
  for (const [i, point] of body.points.entries()) {
    if (!point.regulation_id) continue;
    const code = await regulations.checkPoint(
      db,
      { regulation_id: point.regulation_id, column: point.regulation_column ?? null, factors: point.regulation_factors },
      `points.${i}`,
    );
    // The citation shown beside the reference is the catalogue's, whatever text came with it.
    point.regulation = code;
  }
}

/** Writes the points as the body lists them: kept ids updated, the others removed, new ones added; plans replaced. */
async function writePoints(trx: Kysely<DB>, siteId: number, body: SiteCreateBody): Promise<void> {
  await repo.deletePoints(
    trx,
    siteId,
    body.points.flatMap((p) => (p.id === undefined ? [] : [p.id])),
  );
  // Codes go through a placeholder first, so a swap (NT1 ↔ NT2) never meets the unique key half-way.
  const ids: number[] = [];
  for (const [i, p] of body.points.entries()) {
    const values = {
      name: p.name,
      medium: p.medium,
      latitude_e6: e6(p.latitude),
      longitude_e6: e6(p.longitude),
      description: p.description ?? null,
      regulation_id: p.regulation_id ?? null,
      regulation: p.regulation ?? null,
      regulation_column: p.regulation_column ?? null,
      regulation_factors:
        p.regulation_factors.length > 0
          ? JSON.stringify(p.regulation_factors.map((f) => ({ code: f.code, value: f.value, reason: f.reason ?? null })))
          : null,
      sort_order: i,
      code: `~${i}`,
    };
    const id = p.id ?? (await repo.insertPoint(trx, { site_id: siteId, ...values })).id;
    if (p.id !== undefined) await repo.updatePoint(trx, id, values);
    await repo.replacePlan(trx, id, p.plan);
    ids.push(id);
  }
  for (const [i, p] of body.points.entries()) await repo.updatePoint(trx, ids[i] as number, { code: p.code });
}

const makeRecords = (regulations: RegulationsService) =>
  new kit.PlainRecords({
    table: SITE_ENTITY,
    notFound: 'Không tìm thấy cơ sở quan trắc.',
    find: (db: Kysely<DB>, id: number) => findDetail(db, id, regulations),
    toRecord: (r: SiteDetail) => r,
    values: (body: SiteCreateBody) => ({
      ...kit.codeNameValues(body),
      customer_id: body.customer_id,
      address: body.address ?? null,
      province: body.province ?? null,
      latitude_e6: e6(body.latitude),
      longitude_e6: e6(body.longitude),
      permit_number: body.permit_number ?? null,
      permit_date: body.permit_date ?? null,
      search_text: searchText(body.code, body.name, body.address ?? '', body.permit_number ?? ''),
    }),
    check: (db, body, before) => checkBody(db, body, regulations, before),
    // The history keeps what was written, not today's computed limits (they change with the date and the catalogue).
    auditView: ({ points, ...site }: SiteDetail) => ({ ...site, points: points.map(({ limits: _l, ...p }) => p) }),
    inUse: async (db, site) => {
      const programs = await repo.programsCount(db, site.id);
      return kit.refusedWhileUsed(
        programs,
        `Không thể xóa cơ sở ${site.code} vì đang có ${programs} chương trình quan trắc.`,
        'IN_USE',
      );
    },
  });

/**
 * Customers' monitored sites (issue 24 part 2): a plain record whose points are child rows that keep their ids, each
 * with its plan. Read with `monitoring.index`, written with `monitoring.create` / `.edit`.
 */
export class SitesService extends kit.PlainRecordService<ReturnType<typeof makeRecords>> {
  constructor(db: Kysely<DB>, regulations: RegulationsService) {
    super(db, makeRecords(regulations));
  }

  override create(actor: Actor, body: SiteCreateBody): Promise<SiteDetail> {
    return this.records.create(this.db, actor, body, { written: (trx, id) => writePoints(trx, id, body) });
  }

  override update(actor: Actor, id: number, body: SiteCreateBody & { version: number }): Promise<SiteDetail> {
    return this.records.update(this.db, actor, id, body, { written: (trx) => writePoints(trx, id, body) });
  }

  async list(q: SiteListQuery) {
    return this.listing.list(this.db, q);
  }

  exportRows(q: SiteListQuery) {
    return this.listing.exportRows(this.db, q);
  }

  async options(q: SiteOptionsQuery): Promise<SiteOption[]> {
    const rows = await repo.options(this.db, q);
    return rows.map((r) => ({ ...r, active: Boolean(Number(r.active)) }));
  }

  private readonly listing = new kit.PlainList({
    sorts: SITE_SORTS,
    sort: 'code',
    rows: async (db: Kysely<DB>, q: SiteListQuery, sort, w) => {
      const rows = await repo.list(db, q, sort, w);
      const media = await repo.media(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        toSite(
          r,
          media.filter((m) => m.site_id === r.id).map((m) => m.medium as Medium),
        ),
      );
    },
    count: repo.count,
    toRecord: (s: Site) => s,
  });
}
