import { invalid } from './errors';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A photo sent as a data URL (a check-in, a sample): JPEG or PNG by its first bytes — not by what the URL claims — and
 * at most `maxBytes`; otherwise a 422 on `field` with the caller's words.
 */
export function decodeImage(
  dataUrl: string,
  o: { field: string; maxBytes: number; tooBig: string; notImage: string },
): { bytes: Buffer; mime: 'image/jpeg' | 'image/png' } {
  const m = /^data:image\/(jpeg|png);base64,(.+)$/.exec(dataUrl);
  const bytes = Buffer.from(m?.[2] ?? '', 'base64');
  if (bytes.length > o.maxBytes) throw invalid(o.field, o.tooBig);
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(PNG);
  if (!m || !(jpeg || png)) throw invalid(o.field, o.notImage);
  return { bytes, mime: jpeg ? 'image/jpeg' : 'image/png' };
}
