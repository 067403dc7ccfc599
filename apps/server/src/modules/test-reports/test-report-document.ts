import { createHash } from 'node:crypto';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { VERDICT_LABELS, type Verdict } from '@qlcv/common/regulation-limits';
import type { CompanySettings } from '@qlcv/common/schemas/company-settings';
import { imageRun, withImage } from '../../lib/docx-image';
import { renderDocxTemplate } from '../../lib/docx-template';
import { pizZip } from '../../lib/lazy-deps';
import { qrPng } from '../../lib/qr-png';
import { vnToday } from '../../lib/vn-time';
import { QR_FILE, QR_REL, testReportTemplate } from './test-report-template';

/** A released result as the analyses module hands it to a report. */
export interface ReportResult {
  point_code: string;
  point_name: string;
  sample_code: string;
  taken_at: string;
  qc_kind: string;
  parameter: string;
  qualifier: string | null;
  value: string | null;
  unit: string;
  method: string;
  limit_text: string | null;
  limit_column: string | null;
  limit_regulation_code: string | null;
  verdict: string | null;
  analyst_id: number | null;
  analysed_on: string | null;
}

export interface ReportFacts {
  number: string;
  report_version: number;
  customer_name: string;
  trip_code: string;
  note: string | null;
  qc_statement: string | null;
  correction_reason: string | null;
  signer_name: string;
  signed_at: string;
  verify_code: string;
}

export const resultText = (a: Pick<ReportResult, 'qualifier' | 'value'>) =>
  a.value === null ? '' : `${a.qualifier ? `${a.qualifier} ` : ''}${formatDecVi(a.value)}`;

/** The public page of a code, under the app's address (PUBLIC_URL, else the signing request's origin). */
export const verifyUrl = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/kiem-tra-phieu/${code}`;

/** A day list as printed: one to three days listed, more as "from – to". */
function days(list: string[]): string {
  const sorted = [...new Set(list)].sort();
  if (sorted.length === 0) return '';
  const shown = sorted.map((d) => formatDate(d));
  return shown.length > 3 ? `${shown[0]} – ${shown[shown.length - 1]}` : shown.join(', ');
}

/** Every value of the template as a ready string (tags of test-report-template.ts). */
export function reportData(facts: ReportFacts, company: CompanySettings, results: ReportResult[], url: string) {
  const normal = results.filter((a) => a.qc_kind === 'normal');
  const points = new Map<string, ReportResult[]>();
  for (const a of normal) {
    const key = `${a.point_code}\u0000${a.sample_code}`;
    points.set(key, [...(points.get(key) ?? []), a]);
  }
  const regulations = [
    ...new Set(
      normal
        .filter((a) => a.limit_regulation_code)
        .map((a) => `${a.limit_regulation_code}${a.limit_column ? `, cột ${a.limit_column}` : ''}`),
    ),
  ];
  return {
    'company.name': company.name,
    'company.address': company.address ?? '',
    'company.contact': [company.phone && `ĐT: ${company.phone}`, company.email && `Email: ${company.email}`]
      .filter(Boolean)
      .join(' · '),
    'report.number': facts.number,
    'report.version': String(facts.report_version),
    'report.correction': facts.correction_reason
      ? `Thay thế phiếu lần ${facts.report_version - 1}. Lý do sửa đổi: ${facts.correction_reason}`
      : '',
    'report.sampling_dates': days(normal.map((a) => vnToday(new Date(a.taken_at)))),
    'report.analysis_dates': days(normal.flatMap((a) => (a.analysed_on ? [a.analysed_on] : []))),
    'report.regulations': regulations.length ? regulations.join('; ') : 'Không có',
    'report.qc_statement': facts.qc_statement ?? '',
    'report.note': facts.note ?? '',
    'customer.name': facts.customer_name,
    'trip.code': facts.trip_code,
    points: [...points.values()].map((rows) => {
      const first = rows[0] as ReportResult;
      return {
        'point.code': first.point_code,
        'point.name': first.point_name,
        'point.sample': first.sample_code,
        'point.taken_at': formatDateTime(first.taken_at),
        params: rows.map((a, i) => ({
          'param.no': String(i + 1),
          'param.name': a.parameter,
          'param.result': resultText(a),
          'param.unit': a.unit,
          'param.method': a.method,
          'param.limit': a.limit_text ?? '',
          'param.column': a.limit_column ?? '',
          'param.verdict': a.verdict ? (VERDICT_LABELS[a.verdict as Verdict] ?? '') : '',
        })),
      };
    }),
    'signer.name': facts.signer_name,
    'signer.signed_at': formatDateTime(facts.signed_at),
    'verify.code': facts.verify_code,
    'verify.url': url,
  };
}

/**
 * A company template's document with the QR's paragraph appended after its last one (before the body's section
 * properties): the default parser has no image tag, so the QR's place is the end (decision 40.32).
 */
function withQrParagraph(docx: Buffer): Buffer {
  const zip = new (pizZip())(docx);
  const doc = zip.file('word/document.xml')?.asText() ?? '';
  const end = doc.lastIndexOf('</w:body>');
  if (end < 0) return docx;
  const sect = doc.lastIndexOf('<w:sectPr', end);
  // The body's own sectPr is its last child; one inside a paragraph (a section break) ends before a later </w:p>.
  const at = sect >= 0 && doc.indexOf('</w:p>', sect) < 0 ? sect : end;
  const qr = `<w:p>${imageRun(QR_REL, 3, { id: 9001, name: 'QR', description: 'Mã QR trang kiểm tra phiếu' })}</w:p>`;
  zip.file('word/document.xml', doc.slice(0, at) + qr + doc.slice(at), { date: new Date('2026-01-01T00:00:00Z') });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The signed version's .docx (the template filled, the QR of its public page in place) and its SHA-256. `template` is
 * the company's report template (decision 40.32); without one, the built-in template.
 */
export function renderReport(
  facts: ReportFacts,
  company: CompanySettings,
  results: ReportResult[],
  origin: string,
  template: Buffer | null = null,
) {
  const url = verifyUrl(origin, facts.verify_code);
  const data = reportData(facts, company, results, url);
  const filled = template ? withQrParagraph(renderDocxTemplate(template, data)) : renderDocxTemplate(testReportTemplate(), data);
  const buffer = withImage(filled, QR_REL, QR_FILE, qrPng(url).png);
  return { buffer, sha256: createHash('sha256').update(buffer).digest('hex') };
}
