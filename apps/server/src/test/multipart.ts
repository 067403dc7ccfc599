import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

// Helpers for tests that upload: a hand-built multipart body (so names, file names and bytes are exactly what a
// hostile client could send), and small but genuine files of each accepted type.

export interface FormPart {
  name: string;
  /** A plain field's value. */
  value?: string;
  /** A file part: its file name and bytes. */
  filename?: string;
  data?: Buffer | string;
  contentType?: string;
}

/** `{ payload, headers }` for `t.call`, with a random boundary. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qlcv${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const quoted = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(p.name)}"`;
    if (p.filename !== undefined) {
      head += `; filename="${quoted(p.filename)}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    } else if (p.contentType) {
      head += `\r\nContent-Type: ${p.contentType}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data ?? p.value ?? '', 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under a directory, recursively (absolute paths). */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** A stored (uncompressed) zip holding the given entries. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Object.keys(entries).length, 8);
  eocd.writeUInt16LE(Object.keys(entries).length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** An OLE compound file (the Word 97–2003 / Excel 97–2003 container) whose directory names these streams. */
export function ole(streams: string[]): Buffer {
  const sector = 512;
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 holds the FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: the directory, one sector long
  const dir = Buffer.alloc(sector, 0);
  const entry = (i: number, name: string, type: number) => {
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(dir, i * 128);
    dir.writeUInt16LE(n.length, i * 128 + 64);
    dir[i * 128 + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  streams.slice(0, 3).forEach((s, i) => {
    entry(i + 1, s, 2);
  });
  return Buffer.concat([header, fat, dir]);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  png: PNG,
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01', 'latin1'),
    randomBytes(64),
  ]),
  gif: Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from(';')]),
  webp: Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    Buffer.from([26, 0, 0, 0]),
    Buffer.from('WEBPVP8 ', 'latin1'),
    randomBytes(18),
  ]),
  docx: zip({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' }),
  xlsx: zip({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', 'xl/workbook.xml': '<workbook/>' }),
  pptx: zip({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<p:presentation/>' }),
  doc: ole(['WordDocument', '\u0001CompObj']),
  xls: ole(['Workbook', '\u0005SummaryInformation']),
  txt: Buffer.from('Biên bản lấy mẫu nước thải\nNgày 21/11/2026\n', 'utf8'),
  csv: Buffer.from('ma,ten\nKH0001,Công ty Môi trường Xanh\n', 'utf8'),
};

export const REFUSED = {
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(120)]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>', 'utf8'),
  htmlLate: Buffer.from('Xin chao\n<script>fetch("/api/auth/info")</script>', 'utf8'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'utf8'),
  plainZip: zip({ 'readme.txt': 'hello' }),
  docm: zip({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>', 'word/vbaProject.bin': 'x' }),
  oleOther: ole(['PowerPoint Document']),
  latin1: Buffer.from('Caf\xe9 cr\xe8me', 'latin1'),
  nul: Buffer.from('abc\0def', 'latin1'),
};
