import { randomBytes } from 'node:crypto';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { formatContractNumber } from '@qlcv/common/schemas/contracts';
import type { TestReport, TestReportDetail, TestReportListQuery } from '@qlcv/common/schemas/test-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { nextSequence } from '../../lib/sequences';
import { vnToday } from '../../lib/vn-time';
import * as repo from './test-reports.repository';

/** The report number's pattern (the contracts' pattern syntax); a company setting is left for later. */
export const TEST_REPORT_NUMBER_PATTERN = '{seq:3}/{yyyy}/PKQ';
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

const signedConflict = (r: { number: string; report_version: number }) =>
  conflict(
    `Phiếu ${r.number} (lần ${r.report_version}) đã ký phát hành, không được sửa hoặc xóa; hãy phát hành bản sửa đổi.`,
    'REPORT_SIGNED',
  );

/**
 * Test reports (issue 25 part 4): a trip's released results for one customer; draft → signed; a signed version is never
 * changed, a correction is a new version with its reason and the old one is marked replaced (ISO/IEC 17025 §7.8.8).
 */
export class TestReportsService {
  constructor(private readonly db: Kysely<DB>) {}

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
    return { ...toReport(r), rows: await this.rows(db, r.trip_id, r.customer_id) };
  }

  async history(id: number): Promise<TestReport[]> {
    const r = await this.get(id);
    return (await repo.history(this.db, r.number)).map(toReport);
  }

  /** The results table, by point then parameter; values with the Vietnamese comma. */
  async rows(db: Kysely<DB>, tripId: number, customerId: number) {
    const rows = await repo.releasedRows(db, tripId, customerId);
    return rows
      .filter((a) => a.qc_kind === 'normal')
      .map((a) => ({
        point_code: a.point_code,
        point_name: a.point_name,
        sample_code: a.sample_code,
        taken_at: a.taken_at,
        parameter: a.parameter,
        result: a.value === null ? '' : `${a.qualifier ? `${a.qualifier} ` : ''}${formatDecVi(a.value)}`,
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

  private async qcStatement(db: Kysely<DB>, tripId: number, customerId: number): Promise<string> {
    const all = await repo.releasedRows(db, tripId, customerId);
    const qc = new Set(all.filter((a) => a.qc_kind !== 'normal').map((a) => a.sample_code));
    return qc.size === 0
      ? 'Không có mẫu kiểm soát chất lượng (mẫu trắng, mẫu lặp) trong đợt lấy mẫu này.'
      : `Đã phân tích ${qc.size} mẫu kiểm soát chất lượng (mẫu trắng, mẫu lặp); kết quả đạt yêu cầu khi được soát xét.`;
  }

  private async newNumber(db: Kysely<DB>): Promise<string> {
    const today = vnToday();
    for (let i = 0; i < NUMBER_TRIES; i++) {
      const seq = await nextSequence(db, `test_reports:${today.slice(0, 4)}`);
      const number = formatContractNumber(TEST_REPORT_NUMBER_PATTERN, seq, today);
      if (!(await repo.numberTaken(db, number))) return number;
    }
    throw conflict('Không tạo được số phiếu kết quả mới.');
  }

  async create(actor: Actor, body: { trip_id: number; customer_id: number; note?: string | null }) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.rows(trx, body.trip_id, body.customer_id);
      if (rows.length === 0)
        throw new AppError(
          422,
          'NO_RELEASED_RESULTS',
          'Chuyến lấy mẫu chưa có kết quả đã phát hành của khách hàng này để lập phiếu.',
        );
      const now = nowIso();
      const id = await repo.insert(trx, {
        number: await this.newNumber(trx),
        report_version: 1,
        trip_id: body.trip_id,
        customer_id: body.customer_id,
        state: 'draft',
        note: body.note ?? null,
        qc_statement: await this.qcStatement(trx, body.trip_id, body.customer_id),
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
  async sign(actor: Actor, id: number, version: number): Promise<TestReportDetail> {
    return this.db.transaction().execute(async (trx) => {
      const r = await this.get(id, trx);
      if (r.state !== 'draft') throw signedConflict(r);
      const rows = await this.rows(trx, r.trip_id, r.customer_id);
      if (rows.some((a) => a.analyst_id === actor.id))
        throw new AppError(
          403,
          'SAME_ANALYST',
          'Người ký phiếu không được là người phân tích của bất kỳ kết quả nào trong phiếu.',
        );
      const n = await repo.updateDraft(trx, id, version, {
        state: 'signed',
        signed_by: actor.id,
        signed_at: nowIso(),
        verify_code: verifyCode(),
        updated_at: nowIso(),
      });
      if (n === 0) throw conflict('Phiếu đã được người khác cập nhật. Vui lòng tải lại.');
      return this.detail(id, trx);
    });
  }

  /**
   * A correction: a new signed version regenerated from the current data, with its reason; the old one marked replaced.
   * The conditional update of the old row is the lock: of two raced corrections one finds it replaced (409), and the
   * unique (number, report_version) key backs it.
   */
  async correct(actor: Actor, id: number, body: { version: number; reason: string }): Promise<TestReportDetail> {
    return this.db.transaction().execute(async (trx) => {
      const r = await this.get(id, trx);
      if (r.state !== 'signed')
        throw conflict('Chỉ sửa đổi được phiếu đã ký phát hành; phiếu nháp hãy sửa trực tiếp.', 'INVALID_STATE');
      if (r.replaced_at) throw conflict(`Phiếu ${r.number} lần ${r.report_version} đã được thay thế.`, 'REPORT_REPLACED');
      const rows = await this.rows(trx, r.trip_id, r.customer_id);
      if (rows.some((a) => a.analyst_id === actor.id))
        throw new AppError(
          403,
          'SAME_ANALYST',
          'Người ký phiếu không được là người phân tích của bất kỳ kết quả nào trong phiếu.',
        );
      const now = nowIso();
      if ((await repo.markReplaced(trx, id, body.version, now)) === 0)
        throw conflict('Phiếu đã được người khác sửa đổi hoặc cập nhật. Vui lòng tải lại.');
      const next = await repo.insert(trx, {
        number: r.number,
        report_version: r.report_version + 1,
        trip_id: r.trip_id,
        customer_id: r.customer_id,
        state: 'signed',
        note: r.note,
        // The statement the lab wrote for the version it replaces still holds; only the results' corrections differ.
        qc_statement: r.qc_statement ?? (await this.qcStatement(trx, r.trip_id, r.customer_id)),
        correction_reason: body.reason,
        signed_by: actor.id,
        signed_at: now,
        verify_code: verifyCode(),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      await repo.setReplacedBy(trx, id, next);
      return this.detail(next, trx);
    });
  }

  /** What the public verification page shows: nothing beyond what is printed on the report. */
  async verify(code: string) {
    const r = await repo.findByCode(this.db, code);
    if (!r) throw notFound('Không tìm thấy phiếu kết quả với mã xác thực này.');
    const replacement = r.replaced_by ? await repo.find(this.db, r.replaced_by) : undefined;
    const rows = await repo.releasedRows(this.db, r.trip_id, r.customer_id);
    // Sampling days in Vietnam, as printed on the report (a sample taken at 02:00 there is still that day).
    const dates = [...new Set(rows.map((a) => vnToday(new Date(a.taken_at))))].sort();
    return {
      number: r.number,
      report_version: r.report_version,
      customer_name: r.customer_name,
      sampling_dates: dates,
      issued_at: r.signed_at ?? '',
      replaced: !!r.replaced_at,
      replaced_by: replacement ? { number: replacement.number, report_version: replacement.report_version } : null,
      file_sha256: r.file_sha256,
    };
  }
}
