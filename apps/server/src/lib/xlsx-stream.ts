import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A one-sheet .xlsx written straight into a stream: the sheet's XML is built as text and deflated into a ZIP as it
 * comes, awaiting the reader (backpressure), so memory stays flat whatever the row count. A general workbook library
 * builds a model object and a style lookup for every cell, which for 100 000 rows costs more than the data itself.
 */

export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface SheetColumn {
  header: string;
  width: number;
  /** Excel number format of the column's date cells (`dd/mm/yyyy`), or none. */
  numFmt?: string;
}

// Style ids of styles.xml below: 1 the bold header, 2 + i the i-th date format.
const HEADER_STYLE = 1;
const DEFLATE_LEVEL = constants.Z_BEST_SPEED;
/** Text is deflated in chunks of about this many characters. */
const CHUNK = 64 * 1024;
/** UTF-8 takes at most 3 bytes for a UTF-16 unit; a row is far smaller than the margin. */
const BUF_BYTES = 3 * CHUNK + 64 * 1024;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids control characters, so they are dropped.
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, all of them.
const ESCAPE_ALL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
export const xmlText = (s: string) => (NEEDS_ESCAPE.test(s) ? s.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? '') : s);

function columnLetters(n: number): string {
  let s = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/** Days since 1899-12-30, the spreadsheet's date serial; the Date's UTC fields are the wall-clock time shown. */
const excelSerial = (d: Date) => d.getTime() / 86_400_000 + 25_569;

function stylesXml(numFmts: string[]): string {
  const fmts = numFmts.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(f)}"/>`).join('');
  const xfs = numFmts.map(
    (_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
  );
  return `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><numFmts count="${numFmts.length}">${fmts}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + xfs.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs.join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

const packageParts = (sheetName: string) => ({
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
});

/** A streaming ZIP (deflate, data descriptors, no ZIP64: fine below 4 GB and 65 535 entries). */
class ZipWriter {
  private offset = 0;
  private readonly entries: { name: Buffer; crc: number; csize: number; usize: number; offset: number }[] = [];
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(private readonly out: Writable) {
    const d = new Date();
    this.dosTime = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
    this.dosDate = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  }

  private async put(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await drained(this.out);
  }

  /** Starts an entry; write its text with `write`, then `end`. */
  async entry(name: string): Promise<{ write: (text: string) => Promise<void>; end: () => Promise<void> }> {
    const nameBuf = Buffer.from(name, 'utf8');
    const start = this.offset;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(this.dosTime, 10);
    head.writeUInt16LE(this.dosDate, 12);
    head.writeUInt16LE(nameBuf.length, 26);
    await this.put(Buffer.concat([head, nameBuf]));
    let crc = 0;
    let usize = 0;
    let csize = 0;
    const deflate = createDeflateRaw({ level: DEFLATE_LEVEL });
    // The compressed bytes go out as they come; a slow reader pauses the deflater, whose writes then wait.
    deflate.on('data', (c: Buffer) => {
      csize += c.length;
      this.offset += c.length;
      if (!this.out.write(c)) {
        deflate.pause();
        void drained(this.out).then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const ended = once(deflate, 'end');
    // Two buffers taken in turn: text is encoded into one while the deflater reads the other. A new Buffer per chunk
    // would be memory outside the JS heap that only a full GC frees, so the process would grow by tens of MB.
    const bufs = [Buffer.allocUnsafe(BUF_BYTES), Buffer.allocUnsafe(BUF_BYTES)];
    const inFlight: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
    let turn = 0;
    const write = async (text: string) => {
      if (this.out.destroyed) throw new Error('the reader went away');
      await inFlight[turn];
      const fits = text.length * 3 <= BUF_BYTES;
      const chunk = fits ? bufs[turn]!.subarray(0, bufs[turn]!.write(text, 'utf8')) : Buffer.from(text, 'utf8');
      crc = crc32(chunk, crc);
      usize += chunk.length;
      // The callback comes once the deflater has taken the chunk, which waits while the reader is slow.
      const taken = new Promise<void>((resolve, reject) => deflate.write(chunk, (err) => (err ? reject(err) : resolve())));
      taken.catch(() => {}); // an error also ends `ended`, which is awaited
      inFlight[turn] = taken;
      turn ^= 1;
    };
    const end = async () => {
      await Promise.all(inFlight);
      deflate.end();
      await ended;
      const desc = Buffer.alloc(16);
      desc.writeUInt32LE(0x08074b50, 0);
      desc.writeUInt32LE(crc >>> 0, 4);
      desc.writeUInt32LE(csize, 8);
      desc.writeUInt32LE(usize, 12);
      await this.put(desc);
      this.entries.push({ name: nameBuf, crc: crc >>> 0, csize, usize, offset: start });
    };
    return { write, end };
  }

  async finish(): Promise<void> {
    const dirStart = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.dosTime, 12);
      h.writeUInt16LE(this.dosDate, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.csize, 20);
      h.writeUInt32LE(e.usize, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - dirStart, 12);
    end.writeUInt32LE(dirStart, 16);
    await this.put(end);
  }
}

/** Resolves when the stream drains, or rejects if it closes first (the client went away). */
function drained(s: Writable | NodeJS.ReadWriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', closed);
      s.off('error', closed);
      resolve();
    };
    const closed = (err?: Error) => {
      s.off('drain', done);
      s.off('close', closed);
      s.off('error', closed);
      reject(err ?? new Error('stream closed'));
    };
    s.on('drain', done);
    s.on('close', closed);
    s.on('error', closed);
  });
}

/**
 * Writes the workbook into `out` (not ended): a header row in bold, then every row of `rows`. A Date value is a date
 * cell shown in its column's `numFmt`; empty values leave the cell out.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<XlsxValue[]> | Iterable<XlsxValue[]>,
): Promise<void> {
  const numFmts = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const dateStyle = columns.map((c) => (c.numFmt ? 2 + numFmts.indexOf(c.numFmt) : 0));
  const letters = columns.map((_, i) => columnLetters(i));
  const zip = new ZipWriter(out);
  for (const [name, xml] of Object.entries(packageParts(sheetName))) {
    const e = await zip.entry(name);
    await e.write(xml);
    await e.end();
  }
  const styles = await zip.entry('xl/styles.xml');
  await styles.write(stylesXml(numFmts));
  await styles.end();

  const sheet = await zip.entry('xl/worksheets/sheet1.xml');
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${dateStyle[i] ? ` style="${dateStyle[i]}"` : ''}/>`,
    )
    .join('');
  let text = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><cols>${cols}</cols><sheetData><row r="1">${columns
    .map((c, i) => `<c r="${letters[i]}1" s="${HEADER_STYLE}" t="str"><v>${xmlText(c.header)}</v></c>`)
    .join('')}</row>`;
  let r = 1;
  for await (const values of rows) {
    r += 1;
    text += `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${letters[i]}${r}`;
      // `str` with the text in `v`, as the workbook library writes it: shorter than an inline string.
      if (typeof v === 'string') text += `<c r="${ref}" t="str"><v>${xmlText(v)}</v></c>`;
      else if (typeof v === 'number')
        text += Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="str"><v>${v}</v></c>`;
      else if (typeof v === 'boolean') text += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
      else if (!Number.isNaN(v.getTime())) text += `<c r="${ref}" s="${dateStyle[i] || 0}"><v>${excelSerial(v)}</v></c>`;
    }
    text += '</row>';
    if (text.length >= CHUNK) {
      await sheet.write(text);
      text = '';
    }
  }
  await sheet.write(`${text}</sheetData></worksheet>`);
  await sheet.end();
  await zip.finish();
}
