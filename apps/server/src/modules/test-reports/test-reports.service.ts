import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { formatContractNumber } from '@qlcv/common/schemas/contracts';
import {
  type TestReport,
  type TestReportDetail,
  type TestReportListQuery,
  type TestReportRound,
  testReportFileName,
  testReportRoundLabel,
} from '@qlcv/common/schemas/test-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { nextSequence } from '../../lib/sequences';
import { docxToPdf, findSoffice } from '../../lib/soffice';
import type { Storage } from '../../lib/storage';
import { vnToday } from '../../lib/vn-time';
import type { AnalysesService } from '../analyses/analyses.service';
import type { CompanySettingsService } from '../company-settings/company-settings.service';
import type { MonitoringRoundsService } from '../monitoring-programs/monitoring-rounds.service';
import { type ReportFacts, type ReportResult, renderReport, resultText } from './test-report-document';
import * as repo from './test-reports.repository';

const NUMBER_TRIES = 50;
const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 characters of a 32-letter alphabet (80 bits): unguessable, typeable from paper. */
export function verifyCode(): string {
  return [...randomBytes(16)].map((b) => BASE32[b % 32]).join('');
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

function toReport(r: Row): TestReport {
  return {
    id: r.id,
    number: r.number,
    report_version: r.report_version,
    trip: { id: r.trip_id, code: r.trip_code },
    customer: { id: r.customer_id, name: r.customer_name },
    round: r.round_id !== null ? { id: r.round_id, name: r.round_name ?? '', program_code: r.round_program_code ?? '' } : null,
    state: r.state as TestReport['state'],
    note: r.note,
    qc_statement: r.qc_statement,
    correction_reason: r.correction_reason,
    signed_by: r.signed_by ? { id: r.signed_by, name: r.signed_by_name ?? '' } : null,
    signed_at: r.signed_at,
    verify_code: r.verify_code,
    file_sha256: r.file_sha256,
    replaced_by: r.replaced_by,
    replaced_at: r.replaced_at,
    version: r.version,
    created_at: String(r.created_at),
  };
}

/** The signer is never the analyst of a result in the report (403 SAME_ANALYST). */
function refuseAnalyst(actor: Actor, results: readonly ReportResult[]) {
  if (results.some((a) => a.qc_kind === 'normal' && a.analyst_id === actor.id))
    throw new AppError(403, 'SAME_ANALYST', 'Người ký phiếu không được là người phân tích của bất kỳ kết quả nào trong phiếu.');
}

/** What the printed report says of its row (signer, time and code are the signing's own). */
const factsOf = (r: Row): Omit<ReportFacts, 'signer_name' | 'signed_at' | 'verify_code'> => ({
  number: r.number,
  report_version: r.report_version,
  customer_name: r.customer_name,
  // A report of one round says which, on the trip's line (decision 40.31).
  trip_code:
    r.round_id !== null
      ? `${r.trip_code} — Đợt: ${testReportRoundLabel({ name: r.round_name ?? '', program_code: r.round_program_code ?? '' })}`
      : r.trip_code,
  note: r.note,
  qc_statement: r.qc_statement,
  correction_reason: r.correction_reason,
});

const signedConflict = (r: { number: string; report_version: number }) =>
  conflict(
    `Phiếu ${r.number} (lần ${r.report_version}) đã ký phát hành, không được sửa hoặc xóa; hãy phát hành bản sửa đổi.`,
    'REPORT_SIGNED',
  );

/**
 * Test reports (issue 25 part 4): a trip's released results for one customer; draft → signed; a signed version is never
 * changed, a correction is a new version with its reason and the old one is marked replaced (ISO/IEC 17025 §7.8.8).
 */
export interface TestReportsDeps {
  analyses: AnalysesService;
  company: CompanySettingsService;
  /** A trip's rounds at a customer's sites: a report of one round (decision 40.31). */
  rounds: MonitoringRoundsService;
  storage: Storage;
  /** The company's own report template, when one is active (decision 40.32); absent → the built-in template. */
  templates?: { reportTemplate(db: Kysely<DB>): Promise<Buffer | null> };
  /** Where a PDF conversion failure is told (the .docx stands without it). */
  log?: { warn(obj: unknown, msg?: string): void };
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export class TestReportsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: TestReportsDeps,
  ) {}

  /** The released results a report reads: the trip's for the customer, or one round's of them (`roundId`). */
  private released(db: Kysely<DB>, tripId: number, customerId: number, roundId: number | null): Promise<ReportResult[]> {
    return this.deps.analyses.releasedForReport(db, tripId, customerId, roundId);
  }

  /** The trip's rounds at the customer's sites (none for a trip that does not exist): what a report may hold one of. */
  async rounds(tripId: number, customerId: number, db: Kysely<DB> = this.db): Promise<TestReportRound[]> {
    return (await this.deps.rounds.ofTripAtCustomer(tripId, customerId, db)).map((r) => ({
      id: r.id,
      name: r.name,
      program: r.program,
      site: { id: r.site.id, code: r.site.code, name: r.site.name },
    }));
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Row> {
    const r = await repo.find(db, id);
    if (!r) throw notFound('Không tìm thấy phiếu kết quả thử nghiệm.');
    return r;
  }

  async list(q: TestReportListQuery): Promise<TestReport[]> {
    return (await repo.list(this.db, q)).map(toReport);
  }

  async detail(id: number, db: Kysely<DB> = this.db): Promise<TestReportDetail> {
    const r = await this.get(id, db);
    return { ...toReport(r), rows: await this.rows(db, r.trip_id, r.customer_id, r.round_id) };
  }

  async history(id: number): Promise<TestReport[]> {
    const r = await this.get(id);
    return (await repo.history(this.db, r.number)).map(toReport);
  }

  /** The results table, by point then parameter; values with the Vietnamese comma. */
  async rows(db: Kysely<DB>, tripId: number, customerId: number, roundId: number | null) {
    const rows = await this.released(db, tripId, customerId, roundId);
    return rows
      .filter((a) => a.qc_kind === 'normal')
      .map((a) => ({
        point_code: a.point_code,
        point_name: a.point_name,
        sample_code: a.sample_code,
        taken_at: a.taken_at,
        parameter: a.parameter,
        result: resultText(a),
        unit: a.unit,
        method: a.method,
        limit: a.limit_text,
        column: a.limit_column,
        regulation: a.limit_regulation_code,
        exceeded: a.verdict === 'exceeded',
        analyst_id: a.analyst_id,
        analysed_on: a.analysed_on,
      }));
  }

  private async qcStatement(db: Kysely<DB>, tripId: number, customerId: number, roundId: number | null): Promise<string> {
    const all = await this.released(db, tripId, customerId, roundId);
    const qc = new Set(all.filter((a) => a.qc_kind !== 'normal').map((a) => a.sample_code));
    return qc.size === 0
      ? 'Không có mẫu kiểm soát chất lượng (mẫu trắng, mẫu lặp) trong đợt lấy mẫu này.'
      : `Đã phân tích ${qc.size} mẫu kiểm soát chất lượng (mẫu trắng, mẫu lặp); kết quả đạt yêu cầu khi được soát xét.`;
  }

  private async newNumber(db: Kysely<DB>): Promise<string> {
    const today = vnToday();
    const { test_report_number_pattern: pattern } = await this.deps.company.get(db);
    for (let i = 0; i < NUMBER_TRIES; i++) {
      const seq = await nextSequence(db, `test_reports:${today.slice(0, 4)}`);
      const number = formatContractNumber(pattern, seq, today);
      if (!(await repo.numberTaken(db, number))) return number;
    }
    throw conflict('Không tạo được số phiếu kết quả mới.');
  }

  async create(actor: Actor, body: { trip_id: number; customer_id: number; round_id?: number | null; note?: string | null }) {
    return this.db.transaction().execute(async (trx) => {
      const roundId = body.round_id ?? null;
      if (roundId !== null && !(await this.rounds(body.trip_id, body.customer_id, trx)).some((r) => r.id === roundId))
        throw invalid('round_id', 'Đợt quan trắc không thuộc chuyến lấy mẫu này hoặc không phải của khách hàng đã chọn.');
      const rows = await this.rows(trx, body.trip_id, body.customer_id, roundId);
      if (rows.length === 0)
        throw new AppError(
          422,
          'NO_RELEASED_RESULTS',
          roundId === null
            ? 'Chuyến lấy mẫu chưa có kết quả đã phát hành của khách hàng này để lập phiếu.'
            : 'Đợt quan trắc này chưa có kết quả đã phát hành trong chuyến lấy mẫu để lập phiếu.',
        );
      const now = nowIso();
      const id = await repo.insert(trx, {
        number: await this.newNumber(trx),
        report_version: 1,
        trip_id: body.trip_id,
        customer_id: body.customer_id,
        round_id: roundId,
        state: 'draft',
        note: body.note ?? null,
        qc_statement: await this.qcStatement(trx, body.trip_id, body.customer_id, roundId),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      return this.detail(id, trx);
    });
  }

  async update(_actor: Actor, id: number, body: { version: number; note?: string | null; qc_statement?: string | null }) {
    const r = await this.get(id);
    if (r.state !== 'draft') throw signedConflict(r);
    const set: Record<string, unknown> = { updated_at: nowIso() };
    if (body.note !== undefined) set.note = body.note;
    if (body.qc_statement !== undefined) set.qc_statement = body.qc_statement;
    if ((await repo.updateDraft(this.db, id, body.version, set)) === 0) {
      const now = await this.get(id);
      if (now.state !== 'draft') throw signedConflict(now);
      throw conflict('Phiếu đã được người khác cập nhật. Vui lòng tải lại.');
    }
    return this.detail(id);
  }

  async delete(_actor: Actor, id: number): Promise<void> {
    const r = await this.get(id);
    if (r.state !== 'draft') throw signedConflict(r);
    if ((await repo.deleteDraft(this.db, id)) === 0) throw signedConflict(r);
  }

  /** Signed by the laboratory's head; never by the analyst of any result in it (403 SAME_ANALYST). */
  async sign(actor: Actor, id: number, version: number, origin: string): Promise<TestReportDetail> {
    const out = await this.withDocument(async (store) =>
      this.db.transaction().execute(async (trx) => {
        const r = await this.get(id, trx);
        if (r.state !== 'draft') throw signedConflict(r);
        const results = await this.released(trx, r.trip_id, r.customer_id, r.round_id);
        refuseAnalyst(actor, results);
        const now = nowIso();
        const code = verifyCode();
        const file = await store(
          trx,
          { ...factsOf(r), signer_name: actor.name, signed_at: now, verify_code: code },
          results,
          origin,
        );
        const n = await repo.updateDraft(trx, id, version, {
          state: 'signed',
          signed_by: actor.id,
          signed_at: now,
          verify_code: code,
          ...file,
          updated_at: now,
        });
        if (n === 0) throw conflict('Phiếu đã được người khác cập nhật. Vui lòng tải lại.');
        return this.detail(id, trx);
      }),
    );
    await this.convertPdf(out.id);
    return out;
  }

  /**
   * Runs `work` with a `store` that renders a version's .docx and puts it under a fresh key before the row that names
   * it commits; when the work fails, the stored file is removed (a row never names a missing file).
   */
  private async withDocument<T>(
    work: (
      store: (
        db: Kysely<DB>,
        facts: ReportFacts,
        results: ReportResult[],
        origin: string,
      ) => Promise<{ file_key: string; file_sha256: string }>,
    ) => Promise<T>,
  ): Promise<T> {
    const { storage } = this.deps;
    const stored: string[] = [];
    const store = async (db: Kysely<DB>, facts: ReportFacts, results: ReportResult[], origin: string) => {
      const company = await this.deps.company.get(db);
      const template = (await this.deps.templates?.reportTemplate(db)) ?? null;
      const { buffer, sha256 } = renderReport(facts, company, results, origin, template);
      const temp = await storage.receive(Readable.from([buffer]));
      const key = storage.newKey();
      try {
        await storage.commit(temp.tempPath, key);
      } catch (err) {
        await storage.discard(temp.tempPath);
        throw err;
      }
      stored.push(key);
      return { file_key: key, file_sha256: sha256 };
    };
    try {
      return await work(store);
    } catch (err) {
      for (const key of stored) await storage.remove(key);
      throw err;
    }
  }

  /** The PDF beside the .docx when LibreOffice is on PATH; a failed conversion leaves the .docx alone. */
  private async convertPdf(id: number): Promise<void> {
    const bin = findSoffice();
    if (!bin) return;
    const r = await repo.find(this.db, id);
    const docx = r?.file_key ? await this.deps.storage.read(r.file_key) : null;
    if (!r || !docx) return;
    try {
      const pdf = await docxToPdf(bin, docx);
      const temp = await this.deps.storage.receive(Readable.from([pdf]));
      const key = this.deps.storage.newKey();
      await this.deps.storage.commit(temp.tempPath, key);
      await repo.setPdf(this.db, id, key);
    } catch (err) {
      this.deps.log?.warn({ err, report: id }, 'test report PDF conversion failed');
    }
  }

  /** The signed version's stored document; a draft has none yet (404), a PDF only where a converter ran. */
  async document(id: number, format: 'docx' | 'pdf') {
    const r = await this.get(id);
    if (r.state !== 'signed' || !r.file_key)
      throw new AppError(404, 'NO_DOCUMENT', 'Phiếu nháp chưa có văn bản; văn bản .docx được tạo và lưu khi ký phát hành.');
    const key = format === 'pdf' ? r.pdf_key : r.file_key;
    if (!key)
      throw new AppError(
        404,
        'NO_PDF',
        'Phiếu này chưa có bản PDF: máy chủ không có LibreOffice (soffice) để chuyển đổi khi ký. Hãy tải bản .docx.',
      );
    const buffer = await this.deps.storage.read(key);
    if (!buffer) throw new AppError(404, 'NO_DOCUMENT', 'Không tìm thấy tệp văn bản của phiếu trong kho lưu trữ.');
    return {
      buffer,
      fileName: testReportFileName(r.number, r.report_version, format),
      mime: format === 'pdf' ? 'application/pdf' : DOCX_MIME,
    };
  }

  /**
   * A correction: a new signed version regenerated from the current data, with its reason; the old one marked replaced.
   * The conditional update of the old row is the lock: of two raced corrections one finds it replaced (409), and the
   * unique (number, report_version) key backs it.
   */
  async correct(actor: Actor, id: number, body: { version: number; reason: string }, origin: string): Promise<TestReportDetail> {
    const out = await this.withDocument(async (store) =>
      this.db.transaction().execute(async (trx) => {
        const r = await this.get(id, trx);
        if (r.state !== 'signed')
          throw conflict('Chỉ sửa đổi được phiếu đã ký phát hành; phiếu nháp hãy sửa trực tiếp.', 'INVALID_STATE');
        if (r.replaced_at) throw conflict(`Phiếu ${r.number} lần ${r.report_version} đã được thay thế.`, 'REPORT_REPLACED');
        const results = await this.released(trx, r.trip_id, r.customer_id, r.round_id);
        refuseAnalyst(actor, results);
        const now = nowIso();
        if ((await repo.markReplaced(trx, id, body.version, now)) === 0)
          throw conflict('Phiếu đã được người khác sửa đổi hoặc cập nhật. Vui lòng tải lại.');
        // The statement the lab wrote for the version it replaces still holds; only the results' corrections differ.
        const qc = r.qc_statement ?? (await this.qcStatement(trx, r.trip_id, r.customer_id, r.round_id));
        const code = verifyCode();
        const facts: ReportFacts = {
          ...factsOf(r),
          report_version: r.report_version + 1,
          qc_statement: qc,
          correction_reason: body.reason,
          signer_name: actor.name,
          signed_at: now,
          verify_code: code,
        };
        const file = await store(trx, facts, results, origin);
        const next = await repo.insert(trx, {
          number: r.number,
          report_version: r.report_version + 1,
          trip_id: r.trip_id,
          customer_id: r.customer_id,
          round_id: r.round_id,
          state: 'signed',
          note: r.note,
          qc_statement: qc,
          correction_reason: body.reason,
          signed_by: actor.id,
          signed_at: now,
          verify_code: code,
          ...file,
          created_at: now,
          updated_at: now,
          created_by: actor.id,
        });
        await repo.setReplacedBy(trx, id, next);
        return this.detail(next, trx);
      }),
    );
    await this.convertPdf(out.id);
    return out;
  }
}
