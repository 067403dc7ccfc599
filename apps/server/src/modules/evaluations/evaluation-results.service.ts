import { PassThrough } from 'node:stream';
import {
  EVALUATION_PERIOD_TYPE_LABELS,
  type EvaluationResultRow,
  type EvaluationResults,
  type EvaluationResultsQuery,
  GRADES,
  type Grade,
  gradeOf,
  gradeText,
} from '@qlcv/common/schemas/evaluations';
import { USER_EVALUATION_STATUS_LABELS, type UserEvaluationStatus } from '@qlcv/common/schemas/user-evaluations';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { loadExcelJS } from '../../lib/lazy-deps';
import { contentDisposition } from '../../lib/xlsx-export';
import { userEvaluationRecords } from '../user-evaluations/user-evaluations.service';
import type { EvaluationsService } from './evaluations.service';

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Text a spreadsheet would read as a formula is kept as text. */
const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const viDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

type Distribution = EvaluationResults['distribution'];

/** Counts by grade and, per department, the count, average and grades. Ungraded rows count in `count` only. */
export function distributionOf(rows: readonly EvaluationResultRow[]): Distribution {
  const byGrade = { A: 0, B: 0, C: 0, D: 0 };
  const depts = new Map<string, Distribution['by_department'][number] & { sum: number; scored: number }>();
  for (const r of rows) {
    const key = String(r.department?.id ?? 0);
    let d = depts.get(key);
    if (!d) {
      d = { department: r.department, count: 0, average: null, A: 0, B: 0, C: 0, D: 0, sum: 0, scored: 0 };
      depts.set(key, d);
    }
    d.count += 1;
    if (r.total !== null) {
      d.sum += r.total;
      d.scored += 1;
    }
    if (r.grade) {
      byGrade[r.grade] += 1;
      d[r.grade] += 1;
    }
  }
  const byDepartment = [...depts.values()]
    .map(({ sum, scored, ...d }) => ({ ...d, average: scored > 0 ? round2(sum / scored) : null }))
    .sort((a, b) => (a.department?.name ?? '').localeCompare(b.department?.name ?? '', 'vi'));
  return { by_grade: byGrade, by_department: byDepartment };
}

/** The results table of a period (every employee, every status) and its .xlsx. */
export class EvaluationResultsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly evaluations: EvaluationsService,
  ) {}

  async results(id: number, q: EvaluationResultsQuery): Promise<EvaluationResults> {
    const evaluation = await this.evaluations.get(id);
    let rows: EvaluationResultRow[] = (await userEvaluationRecords.ofPeriod(this.db, id)).map((r) => {
      const total = r.total === null ? null : Number(r.total);
      return {
        user_evaluation_id: r.id,
        employee: { id: r.employee_id, name: r.employee_name, code: r.employee_code },
        department: r.department_id !== null && r.department_name ? { id: r.department_id, name: r.department_name } : null,
        reviewer: r.reviewer_id !== null && r.reviewer_name ? { id: r.reviewer_id, name: r.reviewer_name } : null,
        total,
        grade: gradeOf(total),
        status: r.status as UserEvaluationStatus,
      };
    });
    if (q.department_id) rows = rows.filter((r) => r.department?.id === q.department_id);
    const desc = q.sort.startsWith('-');
    const key = q.sort.replace('-', '');
    const value = (r: EvaluationResultRow): string | number =>
      key === 'total' ? (r.total ?? -1) : key === 'employee' ? r.employee.name : (r.department?.name ?? '');
    rows.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const c = typeof va === 'number' ? va - (vb as number) : va.localeCompare(vb as string, 'vi');
      return (desc ? -c : c) || a.employee.name.localeCompare(b.employee.name, 'vi');
    });
    return { evaluation, rows, distribution: distributionOf(rows) };
  }

  /** Two sheets: the results, and the distribution by grade and department. */
  async sendXlsx(reply: FastifyReply, id: number, q: EvaluationResultsQuery): Promise<FastifyReply> {
    const { evaluation: e, rows, distribution } = await this.results(id, q);
    const stream = new PassThrough();
    const book = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('Kết quả');
    sheet.columns = [
      { header: 'STT', width: 6 },
      { header: 'Mã nhân viên', width: 14 },
      { header: 'Nhân viên', width: 28 },
      { header: 'Phòng ban', width: 26 },
      { header: 'Người đánh giá', width: 26 },
      { header: 'Điểm', width: 10, style: { numFmt: '0.00' } },
      { header: 'Xếp loại', width: 16 },
      { header: 'Trạng thái', width: 22 },
    ];
    sheet.getRow(1).font = { bold: true };
    rows.forEach((r, i) => {
      sheet
        .addRow([
          i + 1,
          safe(r.employee.code),
          safe(r.employee.name),
          safe(r.department?.name ?? ''),
          safe(r.reviewer?.name ?? ''),
          r.total,
          gradeText(r.grade),
          USER_EVALUATION_STATUS_LABELS[r.status],
        ])
        .commit();
    });
    sheet.commit();
    const dist = book.addWorksheet('Phân bố');
    dist.columns = [
      { header: 'Phòng ban', width: 28 },
      { header: 'Số nhân viên', width: 13 },
      { header: 'Điểm trung bình', width: 15, style: { numFmt: '0.00' } },
      ...GRADES.map((g: Grade) => ({ header: gradeText(g), width: 14 })),
    ];
    dist.getRow(1).font = { bold: true };
    for (const d of distribution.by_department) {
      dist.addRow([safe(d.department?.name ?? '(Không có phòng ban)'), d.count, d.average, d.A, d.B, d.C, d.D]).commit();
    }
    const all = rows.filter((r) => r.total !== null);
    const avg = all.length ? round2(all.reduce((s, r) => s + (r.total ?? 0), 0) / all.length) : null;
    const b = distribution.by_grade;
    const totalRow = dist.addRow(['Toàn kỳ', rows.length, avg, b.A, b.B, b.C, b.D]);
    totalRow.font = { bold: true };
    totalRow.commit();
    dist.addRow([]).commit();
    dist
      .addRow([
        `${safe(e.name)} — ${EVALUATION_PERIOD_TYPE_LABELS[e.period_type]} ${viDate(e.period_start)} – ${viDate(e.period_end)}`,
      ])
      .commit();
    dist.commit();
    const done = book.commit();
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`ket-qua-danh-gia-${e.id}-${e.period_start}.xlsx`));
    done.catch((err: unknown) => stream.destroy(err as Error));
    return reply.send(stream);
  }
}
