/**
 * The Vietnamese lunisolar calendar (âm lịch), computed from astronomy for Vietnam's time zone (UTC+7).
 *
 * Its rules:
 *  1. A month begins on the local day that holds a new moon (conjunction).
 *  2. Month 11 is the month that holds the winter solstice (the sun at 270° of longitude).
 *  3. When two consecutive months 11 are 13 months apart, one of those months is a leap month (tháng nhuận): the
 *     first one, counted after month 11, during which the sun enters no new 30° sector of longitude (no "trung khí").
 *     It takes the number of the month before it.
 *  4. The lunar year begins with month 1 (Tết Nguyên đán), two or three months after month 11.
 *
 * The arithmetic follows the method Hồ Ngọc Đức published for the Vietnamese calendar: new moons from the series of
 * Jean Meeus (Astronomical Formulae for Calculators) and the sun's longitude from his short solar theory, precise to
 * a few minutes between 1800 and 2200, which is all a day boundary needs. Written here from those rules; dates are
 * Gregorian and days are counted as Julian Day Numbers (JDN).
 */

export interface SolarDate {
  year: number;
  month: number;
  day: number;
}

export interface LunarDate {
  /** The lunar year that Tết opens (Tết 2026 begins lunar year 2026, Bính Ngọ). */
  year: number;
  month: number;
  day: number;
  /** The month is the leap copy of `month` (tháng nhuận). */
  leap: boolean;
}

/** Vietnam's legal time since 1975, in hours east of Greenwich. */
export const VIETNAM_TIME_ZONE = 7;

/** First and last Gregorian years the series is trusted for. */
export const LUNAR_MIN_YEAR = 1800;
export const LUNAR_MAX_YEAR = 2199;

const SYNODIC_MONTH = 29.530588853;
/** The Julian day of new moon number 0 of the series (1900-01-01 13:51 UT). */
const NEW_MOON_0 = 2415021.076998695;
const RAD = Math.PI / 180;
const { floor, sin } = Math;

/** JDN of a Gregorian date (the day that begins at the noon UT of that date). */
export function jdFromDate(day: number, month: number, year: number): number {
  // Months counted from March, so February's leap day falls at the end of the counted year.
  const a = floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + floor((153 * m + 2) / 5) + 365 * y + floor(y / 4) - floor(y / 100) + floor(y / 400) - 32045;
}

/** The Gregorian date of a JDN. */
export function jdToDate(jd: number): SolarDate {
  const a = jd + 32044;
  const b = floor((4 * a + 3) / 146097); // 400-year cycles
  const c = a - floor((146097 * b) / 4);
  const d = floor((4 * c + 3) / 1461); // 4-year cycles
  const e = c - floor((1461 * d) / 4);
  const m = floor((5 * e + 2) / 153); // month counted from March
  return {
    day: e - floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * floor(m / 10),
    year: 100 * b + d - 4800 + floor(m / 10),
  };
}

/** The instant (Julian day, UT, fractional) of the k-th new moon after the series' epoch. */
function newMoonInstant(k: number): number {
  const t = k / 1236.85; // Julian centuries since 1900 January 0.5
  const t2 = t * t;
  const t3 = t2 * t;
  const mean =
    2415020.75933 +
    29.53058868 * k +
    0.0001178 * t2 -
    0.000000155 * t3 +
    0.00033 * sin((166.56 + 132.87 * t - 0.009173 * t2) * RAD);
  const sunAnomaly = (359.2242 + 29.10535608 * k - 0.0000333 * t2 - 0.00000347 * t3) * RAD;
  const moonAnomaly = (306.0253 + 385.81691806 * k + 0.0107306 * t2 + 0.00001236 * t3) * RAD;
  const moonLatitude = (21.2964 + 390.67050646 * k - 0.0016528 * t2 - 0.00000239 * t3) * RAD;
  // Periodic terms: the true conjunction against the mean one.
  const correction =
    (0.1734 - 0.000393 * t) * sin(sunAnomaly) +
    0.0021 * sin(2 * sunAnomaly) -
    0.4068 * sin(moonAnomaly) +
    0.0161 * sin(2 * moonAnomaly) -
    0.0004 * sin(3 * moonAnomaly) +
    0.0104 * sin(2 * moonLatitude) -
    0.0051 * sin(sunAnomaly + moonAnomaly) -
    0.0074 * sin(sunAnomaly - moonAnomaly) +
    0.0004 * sin(2 * moonLatitude + sunAnomaly) -
    0.0004 * sin(2 * moonLatitude - sunAnomaly) -
    0.0006 * sin(2 * moonLatitude + moonAnomaly) +
    0.001 * sin(2 * moonLatitude - moonAnomaly) +
    0.0005 * sin(2 * moonAnomaly + sunAnomaly);
  // ΔT, terrestrial minus universal time, in days.
  const deltaT =
    t < -11
      ? 0.001 + 0.000839 * t + 0.0002261 * t2 - 0.00000845 * t3 - 0.000000081 * t * t3
      : -0.000278 + 0.000265 * t + 0.000262 * t2;
  return mean + correction - deltaT;
}

/** The sun's apparent longitude at a Julian day (UT), in radians within [0, 2π). */
function sunLongitudeAt(jd: number): number {
  const t = (jd - 2451545.0) / 36525; // Julian centuries since J2000
  const t2 = t * t;
  const anomaly = (357.5291 + 35999.0503 * t - 0.0001559 * t2 - 0.00000048 * t * t2) * RAD;
  const meanLongitude = 280.46645 + 36000.76983 * t + 0.0003032 * t2;
  const center =
    (1.9146 - 0.004817 * t - 0.000014 * t2) * sin(anomaly) +
    (0.019993 - 0.000101 * t) * sin(2 * anomaly) +
    0.00029 * sin(3 * anomaly);
  const longitude = (meanLongitude + center) * RAD;
  return longitude - 2 * Math.PI * floor(longitude / (2 * Math.PI));
}

/** The local day (JDN) that holds the k-th new moon. */
export function getNewMoonDay(k: number, timeZone = VIETNAM_TIME_ZONE): number {
  return floor(newMoonInstant(k) + 0.5 + timeZone / 24);
}

/** Which 30° sector (0–11) of longitude the sun is in at the local midnight that begins day `dayNumber`. */
export function getSunLongitude(dayNumber: number, timeZone = VIETNAM_TIME_ZONE): number {
  return floor((sunLongitudeAt(dayNumber - 0.5 - timeZone / 24) / Math.PI) * 6);
}

/**
 * The index k of the month that holds day `dayNumber`: the last new moon on or before it. The mean month gives a first
 * guess; the true new moon can fall most of a day either side of the mean one, so the guess is checked both ways.
 */
function monthIndexOf(dayNumber: number, timeZone: number): number {
  let k = floor((dayNumber - NEW_MOON_0) / SYNODIC_MONTH);
  while (getNewMoonDay(k, timeZone) > dayNumber) k -= 1;
  while (getNewMoonDay(k + 1, timeZone) <= dayNumber) k += 1;
  return k;
}

/** The first day (JDN) of month 11 of the lunar year that ends in Gregorian year `year`: the month of the solstice. */
export function getLunarMonth11(year: number, timeZone = VIETNAM_TIME_ZONE): number {
  const k = monthIndexOf(jdFromDate(31, 12, year), timeZone);
  const start = getNewMoonDay(k, timeZone);
  // A month that began with the sun already past 270° began after the solstice: month 11 is the one before.
  return getSunLongitude(start, timeZone) >= 9 ? getNewMoonDay(k - 1, timeZone) : start;
}

/**
 * In a 13-month span starting at month 11 (first day `a11`), the position (1 = the month after month 11) of the leap
 * month: the first month that begins and ends with the sun in the same sector.
 */
export function getLeapMonthOffset(a11: number, timeZone = VIETNAM_TIME_ZONE): number {
  const k = floor((a11 - NEW_MOON_0) / SYNODIC_MONTH + 0.5);
  let i = 1;
  let sector = getSunLongitude(getNewMoonDay(k + i, timeZone), timeZone);
  let previous: number;
  do {
    previous = sector;
    i += 1;
    sector = getSunLongitude(getNewMoonDay(k + i, timeZone), timeZone);
  } while (sector !== previous && i < 14);
  return i - 1;
}

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < LUNAR_MIN_YEAR || year > LUNAR_MAX_YEAR) {
    throw new RangeError(`year ${year} is outside ${LUNAR_MIN_YEAR}–${LUNAR_MAX_YEAR}`);
  }
}

/** The lunar date of a Gregorian date. */
export function solarToLunar(day: number, month: number, year: number, timeZone = VIETNAM_TIME_ZONE): LunarDate {
  checkYear(year);
  const dayNumber = jdFromDate(day, month, year);
  const monthStart = getNewMoonDay(monthIndexOf(dayNumber, timeZone), timeZone);
  // The two months 11 around the date: a11 on or before its month, b11 after.
  let a11 = getLunarMonth11(year, timeZone);
  let b11 = a11;
  let lunarYear: number;
  if (a11 >= monthStart) {
    lunarYear = year;
    a11 = getLunarMonth11(year - 1, timeZone);
  } else {
    lunarYear = year + 1;
    b11 = getLunarMonth11(year + 1, timeZone);
  }
  const monthsSince11 = floor((monthStart - a11) / 29);
  let lunarMonth = monthsSince11 + 11;
  let leap = false;
  if (b11 - a11 > 365) {
    const leapOffset = getLeapMonthOffset(a11, timeZone);
    if (monthsSince11 >= leapOffset) {
      lunarMonth = monthsSince11 + 10;
      leap = monthsSince11 === leapOffset;
    }
  }
  if (lunarMonth > 12) lunarMonth -= 12;
  // Months 11 and 12 belong to the lunar year that began before the solstice.
  if (lunarMonth >= 11 && monthsSince11 < 4) lunarYear -= 1;
  return { year: lunarYear, month: lunarMonth, day: dayNumber - monthStart + 1, leap };
}

/** The Gregorian date of a lunar date, or null when it does not exist (a leap month the year lacks, day 30 of a 29-day month). */
export function lunarToSolar(
  lunarDay: number,
  lunarMonth: number,
  lunarYear: number,
  leap = false,
  timeZone = VIETNAM_TIME_ZONE,
): SolarDate | null {
  checkYear(lunarYear);
  if (!Number.isInteger(lunarMonth) || lunarMonth < 1 || lunarMonth > 12) return null;
  if (!Number.isInteger(lunarDay) || lunarDay < 1 || lunarDay > 30) return null;
  const [a11, b11] =
    lunarMonth < 11
      ? [getLunarMonth11(lunarYear - 1, timeZone), getLunarMonth11(lunarYear, timeZone)]
      : [getLunarMonth11(lunarYear, timeZone), getLunarMonth11(lunarYear + 1, timeZone)];
  const k = floor(0.5 + (a11 - NEW_MOON_0) / SYNODIC_MONTH);
  let offset = lunarMonth - 11;
  if (offset < 0) offset += 12;
  if (b11 - a11 > 365) {
    const leapOffset = getLeapMonthOffset(a11, timeZone);
    let leapMonth = leapOffset - 2;
    if (leapMonth < 0) leapMonth += 12;
    if (leap && lunarMonth !== leapMonth) return null;
    if (leap || offset >= leapOffset) offset += 1;
  } else if (leap) {
    return null;
  }
  const monthStart = getNewMoonDay(k + offset, timeZone);
  // Day 30 of a month that has 29: the next month has already begun.
  if (lunarDay === 30 && getNewMoonDay(k + offset + 1, timeZone) - monthStart < 30) return null;
  return jdToDate(monthStart + lunarDay - 1);
}

/** The leap month of a lunar year (1–12), or null when it has none. */
export function leapMonthOf(lunarYear: number, timeZone = VIETNAM_TIME_ZONE): number | null {
  for (let month = 1; month <= 12; month++) {
    if (lunarToSolar(1, month, lunarYear, true, timeZone)) return month;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a Gregorian date. */
export const isoOf = (d: SolarDate): string => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/** The lunar date of a `YYYY-MM-DD` date. */
export function lunarOfIso(date: string): LunarDate {
  const [y, m, d] = date.split('-').map(Number);
  return solarToLunar(d ?? Number.NaN, m ?? Number.NaN, y ?? Number.NaN);
}

/** `YYYY-MM-DD` of a lunar date (non-leap month unless told), or null when there is no such day. */
export function isoOfLunar(day: number, month: number, year: number, leap = false): string | null {
  const solar = lunarToSolar(day, month, year, leap);
  return solar ? isoOf(solar) : null;
}
