// Amounts in Vietnamese words, as written on contracts and invoices ("Một triệu hai trăm nghìn đồng").
//
// Style (see docs/decisions.md, "Contracts"):
// - a zero tens digit before a unit is read "linh" (105 → "một trăm linh năm"), the northern and invoice usage;
// - 10–19 use "mười", 20–99 "mươi"; 1 after "mươi" is "mốt" (21), 4 after "mươi" is "tư" (24), 5 after any tens is
//   "lăm" (15, 25), but after "linh" they stay "một", "bốn", "năm";
// - a group of three after a larger one is read in full, "không trăm" included (1 005 000 → "một triệu không trăm
//   linh năm nghìn"); a group that is all zeros is skipped (1 000 005 → "một triệu không trăm linh năm");
// - scales nghìn, triệu, tỷ, then tỷ repeats: 10^12 → "một nghìn tỷ";
// - money ends with "đồng", no "chẵn", and starts with a capital letter.

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;
const BILLION = 1_000_000_000;

/** A group of three digits; `full` reads the hundreds even when zero ("không trăm"). */
function readTriple(n: number, full: boolean): string[] {
  const h = Math.floor(n / 100);
  const t = Math.floor(n / 10) % 10;
  const u = n % 10;
  const words: string[] = [];
  if (full || h > 0) words.push(DIGITS[h] as string, 'trăm');
  if (t === 0) {
    if (u > 0 && words.length > 0) words.push('linh');
  } else if (t === 1) words.push('mười');
  else words.push(DIGITS[t] as string, 'mươi');
  if (u > 0) {
    if (u === 1 && t >= 2) words.push('mốt');
    else if (u === 4 && t >= 2) words.push('tư');
    else if (u === 5 && t >= 1) words.push('lăm');
    else words.push(DIGITS[u] as string);
  }
  return words;
}

/** Below one billion; `leading` is false when a larger scale was read before it. */
function readBelowBillion(n: number, leading: boolean): string[] {
  const groups = [Math.floor(n / 1_000_000), Math.floor(n / 1000) % 1000, n % 1000];
  const scales = ['triệu', 'nghìn', ''];
  const words: string[] = [];
  let started = !leading;
  groups.forEach((g, i) => {
    if (g === 0) return;
    words.push(...readTriple(g, started));
    if (scales[i]) words.push(scales[i] as string);
    started = true;
  });
  return words;
}

function readPositive(n: number): string[] {
  if (n < BILLION) return readBelowBillion(n, true);
  const high = Math.floor(n / BILLION);
  const low = n % BILLION;
  return [...readPositive(high), 'tỷ', ...(low > 0 ? readBelowBillion(low, false) : [])];
}

/** A whole number in lower-case Vietnamese words: 21 → "hai mươi mốt", 0 → "không", -5 → "âm năm". */
export function numberInWords(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('numberInWords: not a finite number');
  const whole = Math.round(Math.abs(n));
  if (whole > Number.MAX_SAFE_INTEGER) throw new RangeError('numberInWords: number too large');
  if (whole === 0) return 'không';
  const words = readPositive(whole).join(' ');
  return n < 0 ? `âm ${words}` : words;
}

/** An amount of VND in words, capitalised, ending in "đồng": 1 200 000 → "Một triệu hai trăm nghìn đồng". */
export function moneyInWords(n: number): string {
  const words = `${numberInWords(n)} đồng`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
