import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, matrixPng } from './png';

describe('png', () => {
  it('computes CRC-32 as PNG does (the standard check value)', () => {
    expect(crc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND', 'ascii'))).toBe(0xae426082);
  });

  it('encodes a matrix as greyscale rows, each cell scale × scale pixels, chunks with their CRCs', () => {
    const png = matrixPng(
      [
        [true, false],
        [false, true],
      ],
      2,
    );
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([4, 4, 8, 0]);
    expect(png.readUInt32BE(29)).toBe(crc32(png.subarray(12, 29)));
    const idatLen = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLen));
    // filter byte 0, then 4 pixels a row: black black white white / … / white white black black
    expect([...raw]).toEqual([0, 0, 0, 255, 255, 0, 0, 0, 255, 255, 0, 255, 255, 0, 0, 0, 255, 255, 0, 0]);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
  });
});
