import {
  PROGRAM_CONTRACT_STATUSES,
  PROGRAM_SORTS,
  type Program,
  type ProgramContractOption,
  type ProgramContractOptionsQuery,
  type ProgramCreateBody,
  type ProgramDetail,
  type ProgramListQuery,
  programRounds,
  ROUND_STATUS_LABELS,
  type RoundStatus,
} from '@qlcv/common/schemas/monitoring-programs';
import type { Frequency, SiteDetail } from '@qlcv/common/schemas/sites';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { allRows, parseSort } from '../../lib/pagination';
import * as kit from '../../lib/plain-record';
import { lockRow } from '../../lib/row-lock';
import { vnToday } from '../../lib/vn-time';
import type { ContractsService } from '../contracts/contracts.service';
import type { ParametersService } from '../parameters/parameters.service';
import type { SitesService } from '../sites/sites.service';
import { type ProgramRoundRow, type ProgramRow, programsRepository as repo } from './monitoring-programs.repository';

export const PROGRAM_ENTITY = 'monitoring_programs';

const PRICING_STATUSES = new Set<string>(PROGRAM_CONTRACT_STATUSES);

function toProgram(r: ProgramRow, next: { name: string; due_date: string } | null): Program {
  return {
    ...kit.recordHead(r),
    site: { id: r.site_id, code: r.site_code, name: r.site_name },
    customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name },
    contract: r.contract_id !== null && r.contract_number !== null ? { id: r.contract_id, number: r.contract_number } : null,
    start_date: r.start_date,
    end_date: r.end_date,
    description: r.description,
    progress: { rounds: Number(r.rounds_total ?? 0), done: Number(r.rounds_done ?? 0), late: Number(r.rounds_late ?? 0) },
    next_round: next,
    ...kit.recordStamps(r),
  };
}

function toRound(r: ProgramRoundRow, linesByFrequency: Map<string, number>, today: string) {
  const frequencies = JSON.parse(r.frequencies) as Frequency[];
  return {
    id: r.id,
    seq: r.seq,
    name: r.name,
    period_start: r.period_start,
    period_end: r.period_end,
    due_date: r.due_date,
    status: r.status as RoundStatus,
    late: r.status === 'planned' && r.due_date < today,
    done_at: r.done_at,
    done_by: r.done_by !== null && r.done_by_name !== null ? { id: r.done_by, name: r.done_by_name } : null,
    lines_due: frequencies.reduce((n, f) => n + (linesByFrequency.get(f) ?? 0), 0),
    version: Number(r.version),
  };
}

async function findDetail(db: Kysely<DB>, id: number): Promise<ProgramDetail | undefined> {
  const today = vnToday();
  const row = await repo.find(db, id, today);
  if (!row) return undefined;
  const [lines, rounds] = await Promise.all([repo.lines(db, id), repo.rounds(db, id)]);
  const next = rounds.find((r) => r.status === 'planned');
  const byFrequency = new Map<string, number>();
  for (const l of lines) byFrequency.set(l.frequency, (byFrequency.get(l.frequency) ?? 0) + 1);
  return {
    ...toProgram(row, next ? { name: next.name, due_date: next.due_date } : null),
    lines: lines.map((l) => ({
      point: { id: l.point_id, code: l.point_code, name: l.point_name, medium: l.point_medium },
      parameter: { id: l.parameter_id, code: l.parameter_code, name: l.parameter_name, unit: l.parameter_unit },
      frequency: l.frequency as Frequency,
    })),
    rounds: rounds.map((r) => toRound(r, byFrequency, today)),
  };
}

type Lines = { point_id: number; parameter_id: number; frequency: Frequency }[];

/**
 * Monitoring programmes (issue 24 part 3): a site over a period, its lines (by default the site's plan) and the rounds
 * they generate; made from a signed contract of the site's customer or on its own. The period and lines are fixed once
 * a round is done or cancelled. Rounds move by their own routes (done, cancel, reopen).
 */
export class MonitoringProgramsService {
  private readonly records: kit.PlainRecords<'monitoring_programs', ProgramDetail, ProgramDetail, ProgramCreateBody>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { sites: SitesService; parameters: ParametersService; contracts: ContractsService },
  ) {
    this.records = new kit.PlainRecords({
      table: PROGRAM_ENTITY,
      notFound: 'Không tìm thấy chương trình quan trắc.',
      find: findDetail,
      toRecord: (r: ProgramDetail) => r,
      values: (body: ProgramCreateBody) => ({
        code: body.code,
        name: body.name,
        site_id: body.site_id,
        contract_id: body.contract_id ?? null,
        start_date: body.start_date,
        end_date: body.end_date,
        description: body.description ?? null,
        search_text: searchText(body.code, body.name),
      }),
      check: (db, body, before) => this.check(db, body, before),
      inUse: async (db, program) => {
        const trip = await this.roundsOnTrips(db, program.id);
        return trip
          ? conflict(`Không thể xóa chương trình ${program.code}: đợt của nó đã được xếp vào chuyến lấy mẫu ${trip}.`, 'IN_USE')
          : null;
      },
      // What a reader compares: the rounds and progress follow from these, and their moves are audited apart.
      auditView: (p: ProgramDetail) => ({
        code: p.code,
        name: p.name,
        site: { id: p.site.id, name: `${p.site.name} (${p.site.code})` },
        contract: p.contract ? { id: p.contract.id, name: p.contract.number } : null,
        start_date: p.start_date,
        end_date: p.end_date,
        description: p.description,
        lines: p.lines.map((l) => ({ point: l.point.code, parameter: l.parameter.code, frequency: l.frequency })),
      }),
    });
  }

  /** The trip (its code) that holds one of a programme's rounds, if any: bound by the trips module (app.ts). */
  private roundsOnTrips: (db: Kysely<DB>, programId: number) => Promise<string | null> = async () => null;

  useRoundsOnTrips(find: (db: Kysely<DB>, programId: number) => Promise<string | null>): void {
    this.roundsOnTrips = find;
  }

  get(id: number): Promise<ProgramDetail> {
    return this.records.get(this.db, id);
  }

  async list(q: ProgramListQuery) {
    const today = vnToday();
    return kit.pageOf(
      q,
      async (w) => {
        const rows = await repo.list(
          this.db,
          q,
          today,
          parseSort<(typeof PROGRAM_SORTS)[number]>(q.sort, PROGRAM_SORTS, '-start_date'),
          w,
        );
        const next = await repo.nextRounds(
          this.db,
          rows.map((r) => r.id),
        );
        return rows.map((r) => {
          const n = next.find((x) => x.program_id === r.id);
          return toProgram(r, n ? { name: n.name, due_date: n.due_date } : null);
        });
      },
      () => repo.count(this.db, q, today),
      (p: Program) => p,
    );
  }

  exportRows(q: ProgramListQuery): Promise<AsyncIterable<Program>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  create(actor: Actor, body: ProgramCreateBody): Promise<ProgramDetail> {
    return this.records.create(this.db, actor, body, {
      written: async (trx, id) => {
        const lines = await this.linesOf(trx, body);
        await repo.replaceLines(trx, id, lines);
        await this.generateRounds(trx, id, body, lines);
      },
    });
  }

  update(actor: Actor, id: number, body: ProgramCreateBody & { version: number }): Promise<ProgramDetail> {
    return this.records.update(this.db, actor, id, body, {
      written: async (trx, before) => {
        if (!reshapes(before, body)) return;
        // No lines in the body: the programme keeps its own (not the site's plan of today), or takes its new site's.
        const lines = body.lines ?? (before.site.id === body.site_id ? linesOfDetail(before) : await this.linesOf(trx, body));
        await repo.replaceLines(trx, id, lines);
        await this.generateRounds(trx, id, body, lines);
      },
    });
  }

  delete(actor: Actor, id: number): Promise<void> {
    return this.records.delete(this.db, actor, id);
  }

  /** A round's own state change: planned → done or cancelled, done or cancelled → planned; at the version read. */
  async moveRound(actor: Actor, id: number, roundId: number, to: RoundStatus, version?: number): Promise<ProgramDetail> {
    await this.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'monitoring_programs', id, 'write');
      const round = await repo.round(trx, id, roundId);
      if (!round) throw notFound('Không tìm thấy đợt quan trắc.');
      const from = round.status as RoundStatus;
      const allowed = to === 'planned' ? from !== 'planned' : from === 'planned';
      if (!allowed)
        throw conflict(
          `Đợt ${round.name} đang ở trạng thái "${ROUND_STATUS_LABELS[from]}", không thể chuyển sang "${ROUND_STATUS_LABELS[to]}".`,
        );
      if (version !== undefined && version !== Number(round.version)) throw staleVersion();
      const done = to === 'done';
      const moved = await repo.changeRound(trx, roundId, from, Number(round.version), {
        status: to,
        done_at: done ? nowIso() : null,
        done_by: done ? actor.id : null,
      });
      if (!moved) throw staleVersion();
      await writeAudit(trx, actor, {
        entity: PROGRAM_ENTITY,
        entityId: id,
        action: `round_${to}`,
        changes: { round: [round.name, round.name], status: [from, to] },
      });
    });
    return this.get(id);
  }

  /** The contracts the form offers: the site's customer's signed and running ones, or the one a link names. */
  async contractOptions(q: ProgramContractOptionsQuery): Promise<ProgramContractOption[]> {
    if (q.id === undefined && q.customer_id === undefined) return [];
    const rows = await this.deps.contracts.pricing({ id: q.id, customerId: q.customer_id });
    return rows.map((c) => ({
      id: c.id,
      number: c.number,
      title: c.title,
      status: c.status,
      customer: c.customer,
      signed_date: c.signed_date,
      start_date: c.start_date,
      end_date: c.end_date,
      pricing: PRICING_STATUSES.has(c.status),
    }));
  }

  /** A new programme's lines: the body's, or the site's plan when it gives none. */
  private async linesOf(db: Kysely<DB>, body: ProgramCreateBody): Promise<Lines> {
    const site = await this.deps.sites.get(body.site_id, db);
    if (body.lines === undefined)
      return site.points.flatMap((p) =>
        p.plan.map((l) => ({ point_id: p.id, parameter_id: l.parameter.id, frequency: l.frequency })),
      );
    return body.lines;
  }

  private async check(db: Kysely<DB>, body: ProgramCreateBody, before?: ProgramDetail): Promise<void> {
    // The programme's own row first: a trip taking one of its rounds holds it (share) until it has written the link.
    if (before) await lockRow(db, 'monitoring_programs', before.id, 'write');
    // The site's row held: its points cannot be removed while lines naming them are written (sites checks lines).
    await lockRow(db, 'sites', body.site_id, 'write');
    let site: SiteDetail;
    try {
      site = await this.deps.sites.get(body.site_id, db);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw invalid('site_id', 'Cơ sở quan trắc không tồn tại.');
      throw e;
    }
    if (body.contract_id != null) {
      const [contract] = await this.deps.contracts.pricing({ id: body.contract_id }, db);
      if (!contract) throw invalid('contract_id', 'Hợp đồng không tồn tại.');
      if (contract.customer.id !== site.customer.id)
        throw invalid('contract_id', `Hợp đồng ${contract.number} không phải của ${site.customer.name}.`);
      if (!PRICING_STATUSES.has(contract.status) && before?.contract?.id !== contract.id)
        throw invalid('contract_id', `Hợp đồng ${contract.number} chưa ký: chỉ lập chương trình từ hợp đồng đã ký.`);
    }
    if (body.lines !== undefined) {
      const points = new Map(site.points.map((p) => [p.id, p]));
      const mediumOf = new Map((await this.deps.parameters.options({}, db)).map((p) => [p.id, p.medium]));
      body.lines.forEach((l, i) => {
        const point = points.get(l.point_id);
        if (!point) throw invalid(`lines.${i}.point_id`, 'Điểm quan trắc không thuộc cơ sở này.');
        const medium = mediumOf.get(l.parameter_id);
        if (!medium) throw invalid(`lines.${i}.parameter_id`, 'Chỉ tiêu không tồn tại.');
        if (medium !== point.medium)
          throw invalid(`lines.${i}.parameter_id`, `Chỉ tiêu không thuộc thành phần môi trường của điểm ${point.code}.`);
      });
    }
    const lines = body.lines ?? (before?.site.id === body.site_id ? before.lines : site.points.flatMap((p) => p.plan));
    if (lines.length === 0)
      throw invalid(
        'lines',
        'Chương trình cần ít nhất một chỉ tiêu: hãy lập kế hoạch cho các điểm của cơ sở, hoặc chọn chỉ tiêu.',
      );
    const trip = before && reshapes(before, body) ? await this.roundsOnTrips(db, before.id) : null;
    if (trip)
      throw conflict(
        `Một đợt của chương trình đã được xếp vào chuyến lấy mẫu ${trip}: không thể đổi cơ sở, thời gian hay chỉ tiêu.`,
        'PROGRAM_STARTED',
      );
    if (before && reshapes(before, body) && (await repo.startedRounds(db, before.id)) > 0)
      throw conflict(
        'Chương trình đã có đợt đã thực hiện hoặc đã hủy: không thể đổi cơ sở, thời gian hay chỉ tiêu. Hãy lập chương trình mới.',
        'PROGRAM_STARTED',
      );
  }

  private async generateRounds(db: Kysely<DB>, id: number, body: ProgramCreateBody, lines: Lines): Promise<void> {
    const rounds = programRounds(
      body.start_date,
      body.end_date,
      lines.map((l) => l.frequency),
    );
    await repo.replaceRounds(
      db,
      id,
      rounds.map((r) => ({
        seq: r.seq,
        name: r.name,
        period_start: r.period_start,
        period_end: r.period_end,
        due_date: r.due_date,
        frequencies: JSON.stringify(r.frequencies),
        status: 'planned',
        done_at: null,
        done_by: null,
      })),
    );
  }
}

const linesOfDetail = (p: ProgramDetail): Lines =>
  p.lines.map((l) => ({ point_id: l.point.id, parameter_id: l.parameter.id, frequency: l.frequency }));

/** Whether an edit changes what the rounds are made of: the site, the period or the lines. */
function reshapes(before: ProgramDetail, body: ProgramCreateBody): boolean {
  return (
    before.site.id !== body.site_id ||
    before.start_date !== body.start_date ||
    before.end_date !== body.end_date ||
    (body.lines !== undefined && !sameLines(linesOfDetail(before), body.lines))
  );
}

function sameLines(a: Lines, b: Lines): boolean {
  const key = (l: Lines[number]) => `${l.point_id}|${l.parameter_id}|${l.frequency}`;
  const x = a.map(key).sort();
  const y = b.map(key).sort();
  return x.length === y.length && x.every((k, i) => k === y[i]);
}
