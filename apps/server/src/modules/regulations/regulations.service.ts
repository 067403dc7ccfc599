import { compareDec } from '@qlcv/common/lab-decimal';
import {
  type ChosenFactor,
  effectiveLimit,
  inForceOn,
  type Judgement,
  judgeResult,
  pickAveraging,
  type ResultValue,
  unitKey,
} from '@qlcv/common/regulation-limits';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { Medium } from '@qlcv/common/schemas/parameters';
import {
  type EffectiveLimitRecord,
  REGULATION_SORTS,
  type Regulation,
  type RegulationCreateBody,
  type RegulationImportReport,
  type RegulationLimitBody,
  type RegulationListItem,
  type RegulationListQuery,
  type RegulationOption,
  type RegulationUpdateBody,
} from '@qlcv/common/schemas/regulations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RegulationWrite } from '../../db/seed/regulations/rows';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { vnToday } from '../../lib/vn-time';
import { type RegulationHeadRow, type RegulationLimitRow, regulationsRepository as repo } from './regulations.repository';

export const REGULATIONS_ENTITY = 'regulations';
const NOT_FOUND = 'Không tìm thấy quy chuẩn.';

/** A point's regulation as its plan names it (sites module), with the factor values it chose. */
export interface PointRegulation {
  regulation_id: number;
  column: string | null;
  factors: readonly ChosenFactor[];
}

/**
 * National technical regulations as dated data (issue 25 part 1): the catalogue, the pickers, and the effective limits
 * of a point's analytes on a date — the regulation in force that day (following `replaced_by` past the named one's last
 * day), its column, its formula with the point's factors. Reads are open to every signed-in person; writes need
 * `regulations.edit`.
 */
export class RegulationsService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: RegulationListQuery): Promise<Paginated<RegulationListItem>> {
    const sort = parseSort(q.sort, REGULATION_SORTS, 'code');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, q, sort, w), repo.count(this.db, q)]);
    const ids = rows.map((r) => r.id);
    const [columns, counts] = await Promise.all([repo.columns(this.db, ids), repo.limitCounts(this.db, ids)]);
    const today = vnToday();
    return toPage(
      rows.map((r) => ({
        ...head(r, today),
        columns: columns.filter((c) => c.regulation_id === r.id).map((c) => c.code),
        limit_count: counts.get(r.id) ?? 0,
        version: r.version,
        updated_at: r.updated_at,
      })),
      total,
      w,
    );
  }

  async options(medium?: Medium): Promise<RegulationOption[]> {
    const rows = await repo.options(this.db, medium);
    const ids = rows.map((r) => r.id);
    const [columns, factors, values] = await Promise.all([
      repo.columns(this.db, ids),
      repo.factors(this.db, ids),
      repo.factorValues(this.db, ids),
    ]);
    const today = vnToday();
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      title: r.title,
      medium: r.medium as Medium,
      valid_from: r.valid_from,
      valid_to: r.valid_to,
      in_force: inForceOn(r, today),
      columns: columns.filter((c) => c.regulation_id === r.id).map((c) => ({ code: c.code, meaning: c.meaning })),
      factors: factorsOf(r.id, factors, values),
    }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Regulation> {
    const r = await repo.find(db, id);
    if (!r) throw notFound(NOT_FOUND);
    const [columns, factors, values, limits, replaces, pointCount] = await Promise.all([
      repo.columns(db, [id]),
      repo.factors(db, [id]),
      repo.factorValues(db, [id]),
      repo.limits(db, id),
      repo.replaces(db, id),
      repo.pointCount(db, id),
    ]);
    return {
      ...head(r, vnToday()),
      source: r.source,
      note: r.note,
      replaces,
      columns: columns.map((c) => ({ code: c.code, meaning: c.meaning })),
      factors: factorsOf(id, factors, values),
      limits: limits.map(toLimit),
      point_count: pointCount,
      version: r.version,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  }

  create(actor: Actor, body: RegulationCreateBody): Promise<Regulation> {
    return this.db.transaction().execute(async (trx) => {
      await checkCodeFree(trx, body.code);
      await checkReplacement(trx, null, body.replaced_by_id ?? null);
      const id = await repo.insert(trx, body, body.replaced_by_id ?? null, actor.id, nowIso());
      const created = await this.get(id, trx);
      await writeAudit(trx, actor, {
        entity: REGULATIONS_ENTITY,
        entityId: id,
        action: 'create',
        changes: diff(null, view(created)),
      });
      return created;
    });
  }

  update(actor: Actor, id: number, body: RegulationUpdateBody): Promise<Regulation> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, 'regulations', id))) throw notFound(NOT_FOUND);
      const before = await this.get(id, trx);
      if (before.version !== body.version) throw staleVersion();
      if (body.code !== before.code) await checkCodeFree(trx, body.code);
      await checkReplacement(trx, id, body.replaced_by_id ?? null);
      await checkColumnsInUse(trx, id, body);
      if ((await repo.update(trx, id, body.version, body, body.replaced_by_id ?? null, nowIso())) === 0) throw staleVersion();
      await repo.deleteChildren(trx, id);
      await repo.insertChildren(trx, id, body);
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, {
        entity: REGULATIONS_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(view(before), view(after)),
      });
      return after;
    });
  }

  /**
   * Replaces a regulation's limits with an imported table whose rows the import checked against `regulation` (read by
   * `forImport`); `dryRun` writes nothing. One transaction under the regulation's row lock; the version moves on.
   */
  replaceLimits(actor: Actor, id: number, limits: RegulationLimitBody[], dryRun: boolean): Promise<RegulationImportReport> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, 'regulations', id))) throw notFound(NOT_FOUND);
      const before = await this.get(id, trx);
      const byColumn = new Map<string, number>();
      for (const l of limits) byColumn.set(l.column, (byColumn.get(l.column) ?? 0) + 1);
      const report = {
        dry_run: dryRun,
        rows: limits.length,
        by_column: [...byColumn].map(([column, count]) => ({ column, count })),
        written: !dryRun,
      };
      if (dryRun) return report;
      await repo.deleteChildren(trx, id, { limitsOnly: true });
      await repo.insertChildren(trx, id, { ...before, limits }, { limitsOnly: true });
      await repo.touch(trx, id, nowIso());
      await writeAudit(trx, actor, {
        entity: REGULATIONS_ENTITY,
        entityId: id,
        action: 'update',
        changes: { limits: [`${before.limits.length} giá trị`, `${limits.length} giá trị (nhập từ Excel)`] },
      });
      return report;
    });
  }

  /** The regulation an import checks its rows against (its columns and factors), 404 when there is none. */
  forImport(id: number): Promise<Regulation> {
    return this.get(id);
  }

  async delete(actor: Actor, id: number, version?: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, 'regulations', id, 'delete'))) throw notFound(NOT_FOUND);
      const before = await this.get(id, trx);
      if (version !== undefined && before.version !== version) throw staleVersion();
      if (before.point_count > 0)
        throw conflict(
          `Quy chuẩn ${before.code} đang được áp dụng cho ${before.point_count} điểm quan trắc; hãy đổi quy chuẩn của các điểm đó trước khi xóa.`,
          'REGULATION_IN_USE',
        );
      await repo.clearReplacedBy(trx, id);
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: REGULATIONS_ENTITY,
        entityId: id,
        action: 'delete',
        changes: diff(view(before), null),
      });
    });
  }

  /**
   * The regulation in force on `date` for a point that names `regulationId`: the named one, or — past its last day —
   * the one that replaced it (and so on). A date before the named one began keeps the named one (its values are the
   * ones the permit cites).
   */
  async inForce(regulationId: number, date: string, db: Kysely<DB> = this.db) {
    const chain = await repo.chain(db, regulationId);
    return chain.find((r) => inForceOn(r, date)) ?? chain[0] ?? null;
  }

  /**
   * The effective limits of a point's analytes on `date` (Vietnam's today when left out): one record per analyte that
   * the regulation in force that day limits in the point's column (several for air's averaging periods).
   */
  async effectiveLimits(
    point: PointRegulation,
    analytes: readonly string[],
    date: string = vnToday(),
    db: Kysely<DB> = this.db,
  ): Promise<EffectiveLimitRecord[]> {
    if (!point.column || analytes.length === 0) return [];
    const reg = await this.inForce(point.regulation_id, date, db);
    if (!reg) return [];
    const rows = await repo.limits(db, reg.id, { column: point.column, analytes });
    return rows.map((l) => {
      const e = effectiveLimit({ min: l.min_value, max: l.max_value, factors: factorList(l.factors) }, point.factors);
      return {
        regulation: { id: reg.id, code: reg.code },
        column: l.column_code,
        analyte: l.analyte,
        name: l.name,
        unit: l.unit,
        averaging: l.averaging,
        ...e,
      };
    });
  }

  /**
   * A result against its point's effective limit on the sampling date: the regulation in force that day (`inForce`),
   * the point's column and factors, the analyte's row (`pickAveraging`), then `judgeResult`. No regulation, column,
   * analyte or row: no limit. A result in another unit than the limit's is not judged (undetermined, with the reason).
   */
  async judge(
    point: PointRegulation | null,
    analyte: string | null,
    samplingDate: string,
    result: ResultValue & { unit: string },
    db: Kysely<DB> = this.db,
  ): Promise<LimitVerdict> {
    const limit = point && analyte ? pickAveraging(await this.effectiveLimits(point, [analyte], samplingDate, db)) : null;
    if (!limit) return { limit: null, judgement: judgeResult(result, null) };
    if (unitKey(result.unit) !== unitKey(limit.unit))
      return {
        limit,
        judgement: {
          verdict: 'undetermined',
          times: null,
          by: null,
          side: null,
          reason: `Đơn vị kết quả (${result.unit}) khác đơn vị của giới hạn (${limit.unit})`,
        },
      };
    return { limit, judgement: judgeResult(result, limit) };
  }

  /**
   * Checks a point's regulation as the sites module writes it: the regulation exists, the column is one of its
   * columns, each chosen factor is one of its factors with a value of its table. Answers the regulation's code.
   */
  async checkPoint(
    db: Kysely<DB>,
    point: { regulation_id: number; column: string | null; factors: readonly ChosenFactor[] },
    field: string,
  ): Promise<string> {
    // A key-share lock: a regulation being deleted waits for this point, or this point finds it gone.
    if (!(await lockRow(db, 'regulations', point.regulation_id, 'use')))
      throw invalid(`${field}.regulation_id`, 'Quy chuẩn không tồn tại.');
    const r = await this.get(point.regulation_id, db);
    if (point.column && !r.columns.some((c) => c.code === point.column))
      throw invalid(`${field}.regulation_column`, `Quy chuẩn ${r.code} không có cột ${point.column}.`);
    for (const [i, f] of point.factors.entries()) {
      const factor = r.factors.find((x) => x.code === f.code);
      if (!factor) throw invalid(`${field}.regulation_factors.${i}.code`, `Quy chuẩn ${r.code} không có hệ số ${f.code}.`);
      // "1" is the table's "1,0": the value, not its writing, is what the point chooses.
      if (!factor.values.some((v) => compareDec(v.value, f.value) === 0))
        throw invalid(
          `${field}.regulation_factors.${i}.value`,
          `Giá trị ${f.value.replace('.', ',')} không có trong bảng hệ số ${f.code} của ${r.code}.`,
        );
    }
    return r.code;
  }
}

const factorList = (s: string) => (s ? s.split(' ') : []);

/** A result's limit and verdict (`judge`). */
export interface LimitVerdict {
  limit: EffectiveLimitRecord | null;
  judgement: Judgement;
}

function head(r: RegulationHeadRow, today: string) {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    medium: r.medium as Medium,
    issuer: r.issuer,
    issuing_document: r.issuing_document,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    replaced_by:
      r.replaced_by_id !== null && r.replaced_by_code !== null ? { id: r.replaced_by_id, code: r.replaced_by_code } : null,
    in_force: inForceOn(r, today),
  };
}

function factorsOf(
  id: number,
  factors: { regulation_id: number; code: string; name: string; basis: string | null }[],
  values: { regulation_id: number; factor_code: string; label: string; value: string }[],
) {
  return factors
    .filter((f) => f.regulation_id === id)
    .map((f) => ({
      code: f.code,
      name: f.name,
      basis: f.basis,
      values: values
        .filter((v) => v.regulation_id === id && v.factor_code === f.code)
        .map((v) => ({ label: v.label, value: v.value })),
    }));
}

function toLimit(l: RegulationLimitRow) {
  return {
    analyte: l.analyte,
    name: l.name,
    unit: l.unit,
    column: l.column_code,
    min: l.min_value,
    max: l.max_value,
    averaging: l.averaging,
    factors: factorList(l.factors),
    note: l.note,
  };
}

/** What the history keeps: the record without today's reading of it. */
const view = ({ in_force: _f, point_count: _p, ...kept }: Regulation) => kept as unknown as Record<string, unknown>;

async function checkCodeFree(db: Kysely<DB>, code: string) {
  if (await repo.findByCode(db, code)) throw invalid('code', 'Số hiệu quy chuẩn đã tồn tại.');
}

/** The replacement exists, is not the regulation itself, and does not lead back to it. */
async function checkReplacement(db: Kysely<DB>, id: number | null, replacedById: number | null) {
  if (replacedById === null) return;
  if (replacedById === id) throw invalid('replaced_by_id', 'Quy chuẩn không thể thay thế chính nó.');
  const chain = await repo.chain(db, replacedById);
  if (chain.length === 0) throw invalid('replaced_by_id', 'Quy chuẩn thay thế không tồn tại.');
  if (id !== null && chain.some((r) => r.id === id))
    throw invalid('replaced_by_id', 'Quy chuẩn thay thế lại được thay thế bởi quy chuẩn này (vòng lặp).');
}

/** A column that points' plans name stays. */
async function checkColumnsInUse(db: Kysely<DB>, id: number, body: RegulationWrite) {
  const used = await repo.usedColumns(db, id);
  const kept = new Set(body.columns.map((c) => c.code));
  const gone = used.find((u) => !kept.has(u.column));
  if (gone) throw invalid('columns', `Cột ${gone.column} đang được áp dụng cho ${gone.n} điểm quan trắc; không thể bỏ cột này.`);
}
