import { formatDecVi, multiply } from '@qlcv/common/lab-decimal';
import type { Medium } from '@qlcv/common/schemas/parameters';
import type { RegulationOption } from '@qlcv/common/schemas/regulations';

/** The point editor's choice of "a regulation not in the catalogue": its citation is typed and compared with nothing. */
export const OTHER_REGULATION = 'other';
export type RegulationChoice = number | typeof OTHER_REGULATION | null;

/** "hết hiệu lực" past its last day, "chưa có hiệu lực" before its first; nothing while in force. */
export function validityNote(r: Pick<RegulationOption, 'in_force' | 'valid_from'>): string | null {
  if (r.in_force) return null;
  // Vietnam's date (UTC+7, no daylight saving), as the server reads `in_force`.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return r.valid_from > today ? 'chưa có hiệu lực' : 'hết hiệu lực';
}

export const regulationLabel = (r: RegulationOption) => {
  const note = validityNote(r);
  return `${r.code} — ${r.title}${note ? ` (${note})` : ''}`;
};

/** The catalogue's regulations of a medium for a point's picker: in force first, then by code. */
export function regulationsOf(all: readonly RegulationOption[], medium: Medium): RegulationOption[] {
  return all
    .filter((r) => r.medium === medium)
    .sort((a, b) => Number(b.in_force) - Number(a.in_force) || a.code.localeCompare(b.code, 'vi'));
}

/** One value of a factor's table as the picker lists it: "50 < Q ≤ 200 m³/s → 1,0". */
export const factorValueLabel = (v: { label: string; value: string }) => `${v.label} → ${formatDecVi(v.value)}`;

/**
 * What the chosen factors make of a limit that uses all of them: "C × Kq × Kf = C × 0,9 × 1,1 = C × 0,99"; null while
 * one is missing or the regulation has none.
 */
export function factorsPreview(codes: readonly string[], values: readonly (string | null | undefined)[]): string | null {
  if (codes.length === 0 || values.some((v) => !v)) return null;
  const chosen = values as string[];
  const names = `C × ${codes.join(' × ')}`;
  const shown = `C × ${chosen.map(formatDecVi).join(' × ')}`;
  return chosen.length > 1 ? `${names} = ${shown} = C × ${formatDecVi(multiply(...chosen))}` : `${names} = ${shown}`;
}
