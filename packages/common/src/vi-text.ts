// Accent-insensitive Vietnamese text: "Nguyễn Văn Đạt" → "nguyen van dat".
export function normalizeVi(input: string | null | undefined): string {
  if (!input) return '';
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Joins the searchable fields of a record into one normalised string. */
export function searchText(...parts: (string | null | undefined)[]): string {
  return normalizeVi(parts.filter(Boolean).join(' '));
}

/** Vietnamese mobile: 10 digits starting 03/05/07/08/09; +84 / 84 stand for the leading 0. Returns 0xxxxxxxxx or null. */
export function normalizeMobile(input: string | null | undefined): string | null {
  if (!input) return null;
  let digits = input.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('84') && digits.length === 11) digits = `0${digits.slice(2)}`;
  return /^0[35789]\d{8}$/.test(digits) ? digits : null;
}
