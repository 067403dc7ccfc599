import { encode } from 'uqr';
import { matrixPng } from './png';

/** A QR code of `text` as a PNG (medium error correction, a quiet zone of 4 modules, 8 pixels a module). */
export function qrPng(text: string): { png: Buffer; modules: number } {
  const qr = encode(text, { ecc: 'M', border: 4 });
  return { png: matrixPng(qr.data, 8), modules: qr.size };
}
