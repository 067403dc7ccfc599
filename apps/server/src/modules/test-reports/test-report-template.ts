import { buildDocx, paragraph, plainTable, table } from '../../lib/docx-build';
import { imageRun, withImage } from '../../lib/docx-image';
import { greyPng } from '../../lib/png';

/**
 * The built-in test report template: docxtemplater tags (default parser: each tag is a plain key) over a package built
 * by lib/docx-build.ts, with a loop over the report's points (`{#points}` around the paragraphs and table of a point)
 * and, inside it, a table row repeated per parameter (`{#params}…{/params}` in one row). The QR code is an image part
 * (`word/media/qr.png`, relationship QR_REL) whose bytes are replaced after the tags are filled.
 */

export const QR_REL = 'rIdQr';
export const QR_FILE = 'qr.png';

/** A4 text width (11906 − 1701 − 1134 twips), shared by the columns. */
const COLUMNS = [450, 1900, 1100, 900, 1750, 1250, 650, 1071];
const HEAD = ['TT', 'Thông số', 'Kết quả', 'Đơn vị', 'Phương pháp', 'Giới hạn', 'Cột', 'Đánh giá'];

const cell = (text: string, bold = false) => paragraph(text, { size: 20, bold, after: 0 });
const line = (label: string, tag: string) => paragraph([{ text: label, style: { bold: true } }, tag], { after: 60 });

let cached: Buffer | undefined;

/** The template .docx (built once; the same bytes every time). */
export function testReportTemplate(): Buffer {
  if (cached) return cached;
  const header = plainTable(
    [4800, 4271],
    [
      [
        paragraph('{company.name}', { bold: true, size: 22, align: 'center', after: 0 }) +
          paragraph('{company.address}', { size: 20, align: 'center', after: 0 }) +
          paragraph('{company.contact}', { size: 20, align: 'center', after: 0 }),
        paragraph('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', { bold: true, size: 22, align: 'center', after: 0 }) +
          paragraph('Độc lập - Tự do - Hạnh phúc', { bold: true, size: 22, align: 'center', after: 0 }),
      ],
    ],
  );
  const results = table(COLUMNS, [
    HEAD.map((h) => cell(h, true)),
    [
      cell('{#params}{param.no}'),
      cell('{param.name}'),
      cell('{param.result}'),
      cell('{param.unit}'),
      cell('{param.method}'),
      cell('{param.limit}'),
      cell('{param.column}'),
      cell('{param.verdict}{/params}'),
    ],
  ]);
  const body = [
    header,
    paragraph('PHIẾU KẾT QUẢ THỬ NGHIỆM', { bold: true, size: 30, align: 'center', after: 0 }),
    paragraph('Số: {report.number} · Lần ban hành: {report.version}', { align: 'center', after: 120 }),
    paragraph('{report.correction}', { italic: true, align: 'center', after: 120 }),
    line('Khách hàng: ', '{customer.name}'),
    line('Chuyến lấy mẫu: ', '{trip.code}'),
    line('Ngày lấy mẫu: ', '{report.sampling_dates}'),
    line('Ngày phân tích: ', '{report.analysis_dates}'),
    line('Quy chuẩn so sánh: ', '{report.regulations}'),
    paragraph('KẾT QUẢ THỬ NGHIỆM', { bold: true, after: 60 }),
    paragraph('{#points}', { after: 0 }),
    paragraph(
      [
        { text: 'Điểm {point.code} – {point.name}', style: { bold: true } },
        ' · Mẫu {point.sample} · Lấy mẫu lúc {point.taken_at}',
      ],
      { after: 60 },
    ),
    results,
    paragraph('{/points}', { after: 60 }),
    paragraph('Đánh giá "Vượt": kết quả vượt giới hạn của quy chuẩn so sánh.', { italic: true, size: 20 }),
    line('Kiểm soát chất lượng: ', '{report.qc_statement}'),
    line('Ghi chú: ', '{report.note}'),
    line('Người ký phát hành: ', '{signer.name}'),
    line('Thời điểm ký: ', '{signer.signed_at}'),
    line('Mã xác thực: ', '{verify.code}'),
    paragraph('Kiểm tra tính xác thực của phiếu tại: {verify.url}', { size: 20 }),
    `<w:p>${imageRun(QR_REL, 3, { id: 1, name: 'QR', description: 'Mã QR trang kiểm tra phiếu' })}</w:p>`,
    paragraph('Kết quả chỉ có giá trị đối với mẫu được thử nghiệm.', { italic: true, size: 20 }),
  ].join('');
  // A white pixel stands for the QR until the report's own is put in its place.
  cached = withImage(
    buildDocx(body),
    QR_REL,
    QR_FILE,
    greyPng(1, 1, () => 255),
  );
  return cached;
}
