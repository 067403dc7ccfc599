import { buildDocx, paragraph as p, plainTable, table } from '../../lib/docx-build';

/**
 * The suggested Vietnamese template, built in code so it always matches the catalogue: a monitoring service contract
 * (A4, Times New Roman 13) that a user downloads, edits in Word and uploads, and the demo company's first template.
 */

const B = { bold: true } as const;
const I = { italic: true } as const;
const center = { align: 'center' } as const;
const justify = { align: 'both' } as const;

const heading = (text: string) => p(text, { bold: true, after: 60 });
const clause = (text: string) => p(text, justify);
const label = (name: string, value: string) => p([{ text: name, style: B }, value], justify);

/** Line items: a header row, the row repeated per item, then the totals (the VAT row repeated per rate). */
function itemsTable(): string {
  const widths = [600, 3400, 900, 900, 1500, 1800];
  const cell = (text: string, style: { bold?: boolean; align?: 'left' | 'center' | 'right' } = {}) =>
    p(text, { bold: style.bold, align: style.align ?? 'left', after: 0 });
  const c = (text: string, bold = false) => cell(text, { align: 'center', bold });
  const r = (text: string, bold = false) => cell(text, { align: 'right', bold });
  const span = (text: string, bold = false) =>
    // the label of a totals row spans the first five columns
    `<w:tcPr><w:tcW w:w="7300" w:type="dxa"/><w:gridSpan w:val="5"/></w:tcPr>${cell(text, { bold, align: 'right' })}`;
  const totalsRow = (labelText: string, value: string, bold = false) =>
    `<w:tr><w:tc>${span(labelText, bold)}</w:tc><w:tc><w:tcPr><w:tcW w:w="1800" w:type="dxa"/></w:tcPr>${r(value, bold)}</w:tc></w:tr>`;
  const base = table(widths, [
    [
      c('STT', true),
      c('Tên dịch vụ', true),
      c('ĐVT', true),
      c('Số lượng', true),
      c('Đơn giá (đồng)', true),
      c('Thành tiền (đồng)', true),
    ],
    [
      c('{#items}{item.no}'),
      p([{ text: '{item.name}', style: {} }], { after: 0 }) + p('{item.description}', { italic: true, size: 22, after: 0 }),
      c('{item.unit}'),
      c('{item.quantity}'),
      r('{item.unit_price}'),
      r('{item.amount}{/items}'),
    ],
  ]);
  const totals = [
    totalsRow('Cộng tiền dịch vụ', '{contract.subtotal}', true),
    totalsRow('{#vat_lines}Thuế GTGT {vat.rate} (trên {vat.base} đồng)', '{vat.amount}{/vat_lines}'),
    totalsRow('Tổng cộng', '{contract.total}', true),
  ].join('');
  return base.replace('</w:tbl>', `${totals}</w:tbl>`);
}

function body(): string {
  return [
    plainTable(
      [3600, 5500],
      [
        [
          p('{company.short_name}', { ...center, bold: true, after: 0 }) + p('───────', { ...center, after: 0 }),
          p('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', { ...center, bold: true, after: 0 }) +
            p('Độc lập - Tự do - Hạnh phúc', { ...center, bold: true, after: 0 }) +
            p('───────────', { ...center, after: 0 }),
        ],
      ],
    ),
    p(''),
    p('HỢP ĐỒNG DỊCH VỤ QUAN TRẮC MÔI TRƯỜNG', { ...center, bold: true, size: 30, after: 0 }),
    p('Số: {contract.number}', { ...center, after: 0 }),
    p('V/v: {contract.title}', { ...center, italic: true }),
    p('- Căn cứ Bộ luật Dân sự số 91/2015/QH13 ngày 24/11/2015;', { ...justify, italic: true, after: 0 }),
    p('- Căn cứ Luật Thương mại số 36/2005/QH11 ngày 14/6/2005;', { ...justify, italic: true, after: 0 }),
    p('- Căn cứ Luật Bảo vệ môi trường số 72/2020/QH14 ngày 17/11/2020;', { ...justify, italic: true, after: 0 }),
    p('- Căn cứ nhu cầu và khả năng của hai bên.', { ...justify, italic: true }),
    clause('Hôm nay, ngày {contract.signed_date}, chúng tôi gồm:'),

    heading('BÊN A (BÊN SỬ DỤNG DỊCH VỤ): {customer.name}'),
    label('Địa chỉ: ', '{customer.address}'),
    label('Mã số thuế: ', '{customer.tax_code}'),
    label('Điện thoại: ', '{customer.phone}    Email: {customer.email}'),
    label('Đại diện: ', 'Ông/Bà {customer.representative}    Chức vụ: {customer.representative_title}'),

    heading('BÊN B (BÊN CUNG CẤP DỊCH VỤ): {company.name}'),
    label('Địa chỉ: ', '{company.address}'),
    label('Mã số thuế: ', '{company.tax_code}'),
    label('Điện thoại: ', '{company.phone}    Email: {company.email}    Website: {company.website}'),
    label('Tài khoản: ', '{company.bank_account} tại {company.bank_name}'),
    label('Đại diện: ', 'Ông/Bà {company.representative}    Chức vụ: {company.representative_title}'),
    clause('Hai bên thống nhất ký kết hợp đồng dịch vụ quan trắc môi trường với các điều khoản sau:'),

    heading('Điều 1. Nội dung dịch vụ và giá trị hợp đồng'),
    clause('Bên B thực hiện cho Bên A các dịch vụ quan trắc, lấy mẫu và phân tích môi trường như sau:'),
    itemsTable(),
    p(
      [
        { text: 'Bằng chữ: ', style: B },
        { text: '{contract.total_in_words}.', style: I },
      ],
      { ...justify, after: 0 },
    ),
    p('{contract.vat_note}', { ...justify, italic: true }),
    clause(
      'Đơn giá trên đã bao gồm chi phí nhân công, vật tư, hóa chất, vận chuyển mẫu và lập báo cáo kết quả; kết quả phân tích được thực hiện theo các phương pháp đã được chứng nhận theo quy định.',
    ),

    heading('Điều 2. Thời gian thực hiện'),
    clause('Hợp đồng được thực hiện từ ngày {contract.start_date} đến ngày {contract.end_date}.'),
    clause(
      'Bên B gửi phiếu kết quả phân tích trong vòng 10 ngày làm việc kể từ ngày lấy mẫu và báo cáo quan trắc theo tiến độ hai bên thống nhất.',
    ),

    heading('Điều 3. Thanh toán'),
    clause('{contract.payment_terms}'),
    clause('Hình thức thanh toán: chuyển khoản vào tài khoản của Bên B nêu trên. Bên B xuất hóa đơn GTGT theo quy định.'),

    heading('Điều 4. Trách nhiệm của các bên'),
    clause(
      '4.1. Bên A: cung cấp thông tin, hồ sơ môi trường liên quan; bố trí người phối hợp và tạo điều kiện để Bên B tiếp cận vị trí lấy mẫu; thanh toán đúng hạn theo Điều 3.',
    ),
    clause(
      '4.2. Bên B: thực hiện quan trắc, lấy mẫu và phân tích đúng quy trình kỹ thuật, quy chuẩn hiện hành; bảo đảm tính chính xác, trung thực của kết quả; giữ bí mật thông tin của Bên A.',
    ),

    heading('Điều 5. Điều khoản chung'),
    clause(
      'Hai bên cam kết thực hiện đúng các điều khoản đã thỏa thuận. Mọi sửa đổi, bổ sung phải được lập thành văn bản có chữ ký của hai bên.',
    ),
    clause(
      'Tranh chấp phát sinh được giải quyết trên tinh thần thương lượng; nếu không thương lượng được, một trong hai bên có quyền đưa ra Tòa án có thẩm quyền để giải quyết.',
    ),
    clause('Hợp đồng có hiệu lực kể từ ngày ký, được lập thành 04 bản có giá trị pháp lý như nhau, mỗi bên giữ 02 bản.'),
    p(''),
    plainTable(
      [4550, 4550],
      [
        [
          p('ĐẠI DIỆN BÊN A', { ...center, bold: true, after: 0 }) +
            p('(Ký, ghi rõ họ tên, đóng dấu)', { ...center, italic: true }) +
            p('') +
            p('') +
            p('') +
            p('{customer.representative}', { ...center, bold: true }),
          p('ĐẠI DIỆN BÊN B', { ...center, bold: true, after: 0 }) +
            p('(Ký, ghi rõ họ tên, đóng dấu)', { ...center, italic: true }) +
            p('') +
            p('') +
            p('') +
            p('{company.representative}', { ...center, bold: true }),
        ],
      ],
    ),
  ].join('');
}

export const SAMPLE_TEMPLATE_FILE_NAME = 'mau-hop-dong-quan-trac-moi-truong.docx';

/** The suggested template as a .docx. */
export function sampleTemplate(): Buffer {
  return buildDocx(body());
}

/** A shorter variant: sampling and analysis only (the demo's second template). */
export function sampleAnalysisTemplate(): Buffer {
  return buildDocx(
    body()
      .replace('HỢP ĐỒNG DỊCH VỤ QUAN TRẮC MÔI TRƯỜNG', 'HỢP ĐỒNG LẤY MẪU VÀ PHÂN TÍCH')
      .replace('dịch vụ quan trắc môi trường với', 'dịch vụ lấy mẫu và phân tích với'),
  );
}
