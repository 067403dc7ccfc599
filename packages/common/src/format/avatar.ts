// Avatar helpers of seed §9: initials of the first and last word, a colour from a hash of the name.

/** "Nguyễn Văn An" → "NA", "an" → "A", empty → "AS". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'AS';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('vi-VN');
}

/** Colours that keep white initials readable (WCAG AA for large text). */
export const AVATAR_COLORS = [
  '#0b7a75',
  '#1d4ed8',
  '#7c3aed',
  '#be185d',
  '#b45309',
  '#15803d',
  '#0369a1',
  '#b91c1c',
  '#4d7c0f',
  '#6d28d9',
] as const;

/** 32-bit string hash (h = h * 31 + code), always non-negative. */
export function hashString(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/** The same name always gets the same colour. */
export function avatarColor(name: string | null | undefined): string {
  const key = (name ?? '').trim();
  return AVATAR_COLORS[hashString(key) % AVATAR_COLORS.length]!;
}
