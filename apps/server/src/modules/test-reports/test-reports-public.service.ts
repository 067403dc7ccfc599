import { type CustomerTestReport, testReportFileName } from '@qlcv/common/schemas/test-reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { vnToday } from '../../lib/vn-time';
import type { AnalysesService } from '../analyses/analyses.service';
import * as repo from './test-reports.repository';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The reports a request's public result page lists: the customer's newest. */
export const CUSTOMER_REPORTS_SHOWN = 20;
const NOT_FOUND = 'Không tìm thấy phiếu kết quả với mã xác thực này.';

/**
 * The test reports as the public sees them (decision 40.22): by the verification code printed on a report, and a
 * customer's signed reports on their request's result page. Nothing beyond what the printed report says.
 */
export class TestReportsPublicService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: { analyses: AnalysesService; storage: Storage },
  ) {}

  /** What the public verification page shows. */
  async verify(code: string) {
    const r = await repo.findByCode(this.db, code);
    if (!r) throw notFound(NOT_FOUND);
    const replacement = r.replaced_by ? await repo.find(this.db, r.replaced_by) : undefined;
    const rows = await this.deps.analyses.releasedForReport(this.db, r.trip_id, r.customer_id, r.round_id);
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

  /**
   * The signed version's .docx by its code: whoever holds the paper report downloads its original and compares the
   * SHA-256 the check page shows. A replaced version's file stays its own.
   */
  async document(code: string) {
    const r = await repo.findByCode(this.db, code);
    if (!r) throw notFound(NOT_FOUND);
    const buffer = r.file_key ? await this.deps.storage.read(r.file_key) : null;
    if (!buffer) throw new AppError(404, 'NO_DOCUMENT', 'Không tìm thấy tệp văn bản của phiếu trong kho lưu trữ.');
    return { buffer, fileName: testReportFileName(r.number, r.report_version), mime: DOCX_MIME };
  }

  /** A customer's signed reports in force (a replaced version gives way to its correction), newest first. */
  async forCustomer(customerId: number): Promise<CustomerTestReport[]> {
    const rows = await repo.signedForCustomer(this.db, customerId, CUSTOMER_REPORTS_SHOWN);
    return rows.map((r) => ({
      number: r.number,
      report_version: r.report_version,
      trip_code: r.trip_code,
      issued_at: r.signed_at ?? '',
      verify_code: r.verify_code ?? '',
    }));
  }
}
