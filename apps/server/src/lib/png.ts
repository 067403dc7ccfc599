import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder: 8-bit greyscale, no interlace, every row unfiltered, one IDAT. Enough for a QR code in a
 * .docx (the server has no image library; node:zlib deflates). CRC-32 is a small table here (tested against the
 * standard check value).
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A greyscale PNG of `width` × `height` pixels; `pixel(x, y)` gives 0 (black) to 255 (white). */
export function greyPng(width: number, height: number, pixel: (x: number, y: number) => number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering (each row says its filter: 0 = none)
  header[12] = 0; // no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) raw[row + 1 + x] = pixel(x, y);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A black-on-white PNG of a boolean matrix (true = black), each cell `scale` pixels square. */
export function matrixPng(cells: readonly (readonly boolean[])[], scale: number): Buffer {
  const n = cells.length;
  return greyPng(n * scale, n * scale, (x, y) => (cells[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 0 : 255));
}
