import { proposeHolidays } from '@qlcv/common/vn-holidays';
import type { WorkingWeek } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import { COMPANY_SETTINGS_ID } from '../db/migrations/0009-company-settings';
import type { DB } from '../db/schema';

// The demo company's settings and calendar (issue 9): a Hanoi environmental monitoring firm, Monday to Saturday
// morning, and the public holidays of 2026 and 2027 as the proposal gives them (2026 with its nghỉ bù on 27/04 for
// Giỗ Tổ, a Sunday; 2027 with its nghỉ bù on 10/02 for mùng 2 Tết, a Sunday).

const WEEK: WorkingWeek = { working_days: [1, 2, 3, 4, 5, 6], saturday_half: true };

export const DEMO_COMPANY = {
  name: 'Công ty TNHH Quan trắc & Kỹ thuật Môi trường Hà Nội',
  short_name: 'QTKT Hà Nội',
  tax_code: '0108123456',
  address: 'Tầng 5, số 18 ngõ 82 Duy Tân, phường Cầu Giấy, thành phố Hà Nội',
  phone: '02437951234',
  email: 'lienhe@quantrac.vn',
  website: 'https://quantrac.vn',
  legal_representative: 'Nguyễn Văn Hùng',
  legal_representative_title: 'Giám đốc',
  bank_account_number: '0011 0045 67890',
  bank_name: 'Ngân hàng TMCP Ngoại thương Việt Nam (Vietcombank) – Chi nhánh Thành Công',
};

export const DEMO_HOLIDAY_YEARS = [2026, 2027];

/** Inside the demo's transaction: the settings row and two years of holidays. */
export async function loadDemoCompany(trx: Kysely<DB>, stamps: { created_at: string; updated_at: string }): Promise<void> {
  await trx
    .updateTable('company_settings')
    .set((eb) => ({
      ...DEMO_COMPANY,
      working_days: JSON.stringify(WEEK.working_days),
      saturday_half: WEEK.saturday_half ? 1 : 0,
      version: eb('version', '+', 1),
      updated_at: stamps.updated_at,
    }))
    .where('id', '=', COMPANY_SETTINGS_ID)
    .execute();
  for (const year of DEMO_HOLIDAY_YEARS) {
    await trx
      .insertInto('company_holiday_years')
      .values({
        year,
        days: JSON.stringify(proposeHolidays(year, WEEK)),
        created_at: stamps.created_at,
        updated_at: stamps.updated_at,
        created_by: null,
        updated_by: null,
      })
      .onConflict((oc) => oc.column('year').doNothing())
      .execute();
  }
  // Any calendar already cached reads the new week and days.
  await trx
    .updateTable('data_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', 'calendar')
    .execute();
}
