import { open } from 'node:fs/promises';
import { DOCUMENT_TYPES, type DocumentMime } from '@qlcv/common/schemas/documents';

// An upload's type is decided by its bytes (magic numbers, the inner paths of an Office zip, the streams of an OLE
// compound file, valid UTF-8 for text), never by the name or the Content-Type the client sent.

const HEAD_BYTES = 4096;

/** Watches a file's bytes as they stream in: keeps the first 4 KiB and whether the whole is NUL-free UTF-8. */
export class Sniffer {
  private chunks: Buffer[] = [];
  private headLength = 0;
  private decoder = new TextDecoder('utf-8', { fatal: true });
  textOk = true;

  feed = (chunk: Buffer): void => {
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.chunks.push(part);
      this.headLength += part.length;
    }
    if (!this.textOk) return;
    if (chunk.includes(0)) {
      this.textOk = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.textOk = false;
    }
  };

  /** Ends the text check (a sequence cut off at the end is not valid UTF-8) and returns the head. */
  finish(): Buffer {
    if (this.textOk) {
      try {
        this.decoder.decode();
      } catch {
        this.textOk = false;
      }
    }
    return Buffer.concat(this.chunks);
  }
}

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + b.length && head.subarray(at, at + b.length).equals(b);
};

/** Text a browser would sniff as markup (HTML, SVG, XML) is not taken as plain text. */
const MARKUP = /<(script|html|svg|iframe|!doctype|body|head|\?xml|object|embed|meta|a\s|img|style|link)/i;
function looksLikeMarkup(head: Buffer): boolean {
  const text = head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') || MARKUP.test(text);
}

type Reader = (offset: number, length: number) => Promise<Buffer>;

async function withReader<T>(file: string, fn: (read: Reader) => Promise<T>): Promise<T> {
  const fh = await open(file, 'r');
  try {
    return await fn(async (offset, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    });
  } finally {
    await fh.close();
  }
}

/** The names in a zip's central directory, or null when it is not a readable zip (zip64, damaged). */
async function zipEntryNames(read: Reader, size: number): Promise<string[] | null> {
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await read(size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset === 0xffffffff || cdOffset + cdSize > size || cdSize > 8 * 1024 * 1024) return null;
  const cd = await read(cdOffset, cdSize);
  const names: string[] = [];
  let p = 0;
  while (p + 46 <= cd.length && cd.readUInt32LE(p) === 0x02014b50) {
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    names.push(cd.subarray(p + 46, p + 46 + nameLength).toString('utf8'));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function officeZipType(names: string[]): DocumentMime | null {
  const set = new Set(names);
  if (!set.has('[Content_Types].xml')) return null;
  // Macro-enabled documents (.docm, .xlsm, .pptm) carry a VBA project: refused.
  if (names.some((n) => n.toLowerCase().endsWith('vbaproject.bin'))) return null;
  if (set.has('word/document.xml')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (set.has('xl/workbook.xml')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (set.has('ppt/presentation.xml')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return null;
}

const ENDOFCHAIN = 0xfffffffe;

/** The stream names of an OLE compound file (Word 97–2003, Excel 97–2003), or null when it cannot be read. */
async function oleStreamNames(read: Reader, size: number): Promise<string[] | null> {
  const header = await read(0, 512);
  if (header.length < 512) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorCount = Math.ceil(size / sectorSize);
  const sector = (n: number) => read((n + 1) * sectorSize, sectorSize);
  const fatSectorCount = header.readUInt32LE(0x2c);
  if (fatSectorCount > sectorCount) return null;

  // The FAT's own sectors: 109 listed in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let guard = 0; fatSectors.length < fatSectorCount && difat < sectorCount && guard < sectorCount; guard++) {
    const buf = await sector(difat);
    const per = sectorSize / 4 - 1;
    for (let i = 0; i < per && fatSectors.length < fatSectorCount; i++) fatSectors.push(buf.readUInt32LE(i * 4));
    difat = buf.readUInt32LE(per * 4);
  }
  const fat: number[] = [];
  for (const s of fatSectors) {
    if (s >= sectorCount) return null;
    const buf = await sector(s);
    for (let i = 0; i + 4 <= buf.length; i += 4) fat.push(buf.readUInt32LE(i));
  }

  const names: string[] = [];
  let dir = header.readUInt32LE(0x30);
  for (let guard = 0; dir !== ENDOFCHAIN && guard < sectorCount; guard++) {
    if (dir >= sectorCount) return null;
    const buf = await sector(dir);
    for (let e = 0; e + 128 <= buf.length; e += 128) {
      const nameLength = buf.readUInt16LE(e + 64);
      const type = buf[e + 66];
      if (type === 2 && nameLength >= 2 && nameLength <= 64) {
        names.push(buf.subarray(e, e + nameLength - 2).toString('utf16le'));
      }
    }
    dir = fat[dir] ?? ENDOFCHAIN;
  }
  return names;
}

function oleType(names: string[]): DocumentMime | null {
  if (names.includes('WordDocument')) return 'application/msword';
  if (names.includes('Workbook') || names.includes('Book')) return 'application/vnd.ms-excel';
  return null;
}

const extOf = (name: string) => {
  const m = /\.([^.]+)$/.exec(name);
  return m ? (m[1] as string).toLowerCase() : '';
};

/**
 * The type of a received file from its content, or null when it is not one of the allowed types.
 * Text is the one class whose subtype (csv or plain) follows the name.
 */
export async function detectType(
  file: string,
  size: number,
  head: Buffer,
  textOk: boolean,
  name: string,
): Promise<DocumentMime | null> {
  if (size === 0) return null;
  if (startsWith(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'image/gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const names = await withReader(file, (read) => zipEntryNames(read, size));
    return names ? officeZipType(names) : null;
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const names = await withReader(file, (read) => oleStreamNames(read, size));
    return names ? oleType(names) : null;
  }
  if (textOk && !looksLikeMarkup(head)) return extOf(name) === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}

const FALLBACK_NAME = 'tep-dinh-kem';

/**
 * The name a file is shown and downloaded under: the last path component only, no control or reserved characters,
 * at most 255 characters, and an extension that matches the detected type (`anh.pdf` holding a PNG becomes `anh.png`).
 */
export function safeFileName(raw: string | undefined, mime: DocumentMime): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  // ".txt": an extension with no name before it.
  if (/^\.[^.]+$/.test(name)) name = `${FALLBACK_NAME}${name}`;
  name = name
    .replace(/[\p{Cc}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const allowed = DOCUMENT_TYPES[mime].ext as readonly string[];
  const ext = extOf(name);
  let base = name;
  if (!allowed.includes(ext)) {
    // A word-like extension is the wrong one and gets replaced; anything else ("Báo cáo 12.5") stays in the name.
    if (ext && /^[a-z0-9]{1,5}$/.test(ext) && /[a-z]/.test(ext)) base = name.slice(0, -(ext.length + 1));
    base = base.replace(/[\s.]+$/g, '') || FALLBACK_NAME;
    name = `${base}.${allowed[0]}`;
  } else if (name.length === ext.length + 1) {
    name = `${FALLBACK_NAME}.${ext}`;
  }
  if (name.length > 255) {
    const e = extOf(name);
    name = `${name.slice(0, 255 - e.length - 1).trimEnd()}.${e}`;
  }
  return name;
}
