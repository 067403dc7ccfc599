import { normalizeVi } from './vi-text';

// The 34 provinces and centrally-run cities in force since 1/7/2025 (Nghị quyết 202/2025/QH15), each with a
// two-level map (province → ward/commune). Cities first, then provinces, north to south as the resolution lists them.
export const CITIES = ['Hà Nội', 'Huế', 'Hải Phòng', 'Đà Nẵng', 'Hồ Chí Minh', 'Cần Thơ'] as const;

export const PROVINCES_ONLY = [
  'Lai Châu',
  'Điện Biên',
  'Sơn La',
  'Lạng Sơn',
  'Quảng Ninh',
  'Thanh Hóa',
  'Nghệ An',
  'Hà Tĩnh',
  'Cao Bằng',
  'Tuyên Quang',
  'Lào Cai',
  'Thái Nguyên',
  'Phú Thọ',
  'Bắc Ninh',
  'Hưng Yên',
  'Ninh Bình',
  'Quảng Trị',
  'Quảng Ngãi',
  'Gia Lai',
  'Khánh Hòa',
  'Lâm Đồng',
  'Đắk Lắk',
  'Đồng Nai',
  'Tây Ninh',
  'Vĩnh Long',
  'Đồng Tháp',
  'Cà Mau',
  'An Giang',
] as const;

export const PROVINCES = [...CITIES, ...PROVINCES_ONLY] as const;
export type Province = (typeof PROVINCES)[number];

/** "Thành phố Hồ Chí Minh", "TP.HCM"-style prefixes dropped; old spellings ("Thanh Hoá") read the same. */
const PREFIX = /^(thanh pho|tp\.?|tinh)\s*/;
const BY_KEY = new Map<string, Province>(PROVINCES.map((p) => [normalizeVi(p), p]));

/** The official name of a province typed in any accent, case or with a "Tỉnh"/"Thành phố" prefix; null if none. */
export function canonicalProvince(input: string | null | undefined): Province | null {
  const key = normalizeVi(input).replace(PREFIX, '').replace(/-/g, ' ').trim();
  return BY_KEY.get(key) ?? null;
}

export const isCity = (p: string) => (CITIES as readonly string[]).includes(p);
