import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { buildDocx, docxText, paragraph as p, table } from './docx-build';
import { inspectDocxTemplate, renderDocxTemplate, sampleTemplateData } from './docx-template';
import { AppError } from './errors';

const itemsTable = table(
  [800, 4000, 1500],
  [
    [p('STT'), p('Tên dịch vụ'), p('Thành tiền')],
    [p('{#items}{item.no}'), p('{item.name}'), p('{item.amount}{/items}')],
  ],
);
const good = buildDocx(
  [
    p('HỢP ĐỒNG Số: {contract.number}'),
    p('Bên A: {customer.name}, MST {customer.tax_code}'),
    itemsTable,
    p('{#vat_lines}'),
    p('Thuế GTGT {vat.rate}: {vat.amount}'),
    p('{/vat_lines}'),
    p('Tổng cộng: {contract.total} ({contract.total_in_words})'),
    p('{#customer.email}Email: {customer.email}{/customer.email}'),
    p('Hà Nội, ngày {today}'),
  ].join(''),
);

const messages = (buf: Buffer) => inspectDocxTemplate(buf).problems.map((x) => x.message);

describe('inspectDocxTemplate', () => {
  it('accepts a good template and lists its tags', () => {
    const r = inspectDocxTemplate(good);
    expect(r.problems).toEqual([]);
    expect(r.placeholders).toEqual(
      expect.arrayContaining([
        'contract.number',
        'customer.name',
        '#items',
        'item.no',
        'item.amount',
        '#vat_lines',
        'vat.rate',
        'today',
      ]),
    );
  });

  it('reports an unknown placeholder with the paragraph it is in', () => {
    const buf = buildDocx([p('Số: {contract.number}'), p('Bên A: {customer.nam}'), p('{khach_hang}')].join(''));
    expect(messages(buf)).toEqual([
      'Trường "{customer.nam}" không có trong danh mục trường trộn (đoạn 2: "Bên A: {customer.nam}")',
      'Trường "{khach_hang}" không có trong danh mục trường trộn (đoạn 3: "{khach_hang}")',
    ]);
  });

  it('reports a loop field used outside its loop and an unknown loop', () => {
    const buf = buildDocx([p('{item.name}'), p('{#dich_vu}{/dich_vu}')].join(''));
    const m = messages(buf);
    expect(m[0]).toContain('Trường "{item.name}" chỉ dùng được bên trong vòng lặp {#items}…{/items}');
    expect(m[1]).toContain('Vòng lặp "{#dich_vu}" không có trong danh mục');
  });

  it('reports broken tags', () => {
    expect(messages(buildDocx(p('Số: {contract.number')))).toEqual([
      'Thẻ "{contract.number" chưa được đóng (thiếu dấu "}") (đoạn 1: "Số: {contract.number")',
    ]);
    // the missing "}" is found by a later one in another paragraph
    expect(messages(buildDocx(p('Số: {contract.number ngày') + p('{today}')))[0]).toContain(
      'Thẻ "{contract.number" chưa được đóng',
    );
    expect(messages(buildDocx(p('Số: {contract.number') + p('Bên A: {customer.name}')))[0]).toBe(
      'Thẻ "{contract.number" chưa được đóng (thiếu dấu "}") (đoạn 1: "Số: {contract.number")',
    );
    expect(messages(buildDocx(p('Số: {contract.number') + p('Bên A}')))[0]).toContain('Thẻ "{contract.number" chưa được đóng');
    expect(messages(buildDocx(p('Ngày today} tháng')))[0]).toMatch(/^Thẻ "today}" thiếu dấu mở "\{"/);
    expect(messages(buildDocx(p('{{today}')))[0]).toContain('có hai dấu mở');
    expect(messages(buildDocx(p('{ today }')))[0]).toContain('có khoảng trắng thừa; hãy viết "{today}"');
    expect(messages(buildDocx(p('{@today}')))[0]).toContain('(chèn XML) không được hỗ trợ');
  });

  it('still names unknown fields when a broken tag stops the compilation', () => {
    expect(messages(buildDocx(p('Số: {contract.number') + p('Bên A: {customer.nam}') + p('{#items}{/items}')))).toEqual([
      'Thẻ "{contract.number" chưa được đóng (thiếu dấu "}") (đoạn 1: "Số: {contract.number")',
      'Trường "{customer.nam}" không có trong danh mục trường trộn (đoạn 2: "Bên A: {customer.nam}")',
    ]);
  });

  it('reports unclosed and mismatched loops', () => {
    expect(messages(buildDocx(p('{#items}{item.name}')))).toEqual([
      'Vòng lặp "{#items}" chưa được đóng (thiếu "{/items}") (đoạn 1: "{#items}{item.name}")',
    ]);
    expect(messages(buildDocx(p('{#items}') + p('{/vat_lines}')))[0]).toContain(
      'Vòng lặp "{#items}" lại được đóng bằng "{/vat_lines}"',
    );
    expect(messages(buildDocx(p('{/items}')))[0]).toContain('Thẻ đóng "{/items}" không có thẻ mở "{#items}"');
  });

  it('refuses what is not a .docx', () => {
    const notDocx = 'Tệp mẫu không phải tệp Word .docx hợp lệ.';
    expect(messages(Buffer.from('%PDF-1.7 hello'))).toEqual([notDocx]);
    const zip = new PizZip();
    zip.file('hello.txt', 'xin chào');
    expect(messages(zip.generate({ type: 'nodebuffer' }))).toEqual([notDocx]);
    expect(messages(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual([notDocx]);
    const bomb = new PizZip(good);
    bomb.file('word/media/big.bin', Buffer.alloc(60 * 1024 * 1024));
    expect(messages(bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' }))[0]).toContain('quá lớn khi giải nén');
    const macro = new PizZip(good);
    macro.file('word/vbaProject.bin', 'x');
    expect(messages(macro.generate({ type: 'nodebuffer' }))[0]).toContain('macro');
  });
});

describe('buildDocx', () => {
  it('gives the same bytes for the same body', () => {
    expect(buildDocx(p('x')).equals(buildDocx(p('x')))).toBe(true);
  });
});

describe('renderDocxTemplate', () => {
  it('fills fields and repeats the loop rows', () => {
    const out = renderDocxTemplate(good, sampleTemplateData());
    const text = docxText(out);
    expect(text).toContain('HỢP ĐỒNG Số: 015/2026/HĐ-QT');
    expect(text).toContain('Bên A: Công ty TNHH Bia Hà Nội - Mê Linh, MST 2500123456');
    expect(text).toContain('1Lấy mẫu và phân tích không khí xung quanh'.slice(1));
    expect(text).toContain('Lập báo cáo quan trắc môi trường định kỳ');
    expect(text).toContain('Thuế GTGT 8%: 1.408.000');
    expect(text).toContain('Tổng cộng: 19.008.000 (Mười chín triệu không trăm linh tám nghìn đồng)');
    expect(text).toContain('Email: hanhchinh@biamelinh.vn');
    expect(text).not.toContain('{');
    // three item rows in the table (header + 3)
    const xml = new PizZip(out).file('word/document.xml')?.asText() ?? '';
    expect(xml.match(/<w:tr>/g)?.length).toBe(4);
  });

  it('prints blanks for missing values, escapes XML and keeps line breaks', () => {
    const out = renderDocxTemplate(good, { 'contract.number': 'A&B <1>\ndòng 2', items: [], vat_lines: [] });
    const text = docxText(out);
    expect(text).toContain('HỢP ĐỒNG Số: A&B <1>\ndòng 2');
    expect(text).toContain('Tổng cộng:  ()');
    expect(text).not.toContain('undefined');
  });

  it('throws a Vietnamese 422 on a broken template', () => {
    expect(() => renderDocxTemplate(buildDocx(p('{#items}')), {})).toThrow(AppError);
    try {
      renderDocxTemplate(Buffer.from('nope'), {});
    } catch (e) {
      expect((e as AppError).status).toBe(422);
      expect((e as AppError).message).toBe('Tệp mẫu không phải tệp Word .docx hợp lệ.');
    }
  });
});
