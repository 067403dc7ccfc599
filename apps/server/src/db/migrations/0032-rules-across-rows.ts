import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/** The key two period names are compared by: NFC, trimmed, one space between words, lower case (Vietnamese kept). */
export const evaluationNameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');

/** The key two periods' kind and dates are compared by. */
export const evaluationPeriodKey = (p: { period_type: string; period_start: string; period_end: string }) =>
  `${p.period_type}|${String(p.period_start)}|${String(p.period_end)}`;

/** The default titles of the evaluation events before and after issue 21 (a period is often named "Đánh giá KPI …"). */
export const EVALUATION_TITLES_BEFORE_AFTER: readonly (readonly [event: string, before: string, after: string])[] = [
  ['evaluation.opened', 'Kỳ đánh giá {{evaluation.name}} đã mở', 'Đã mở kỳ đánh giá: {{evaluation.name}}'],
  ['evaluation.reviewed', 'Có kết quả đánh giá {{evaluation.name}}', 'Đã có kết quả đánh giá: {{evaluation.name}}'],
  ['evaluation.self_due', 'Sắp hết hạn tự đánh giá {{evaluation.name}}', 'Sắp hết hạn tự đánh giá: {{evaluation.name}}'],
  [
    'evaluation.approved',
    'Kết quả đánh giá {{evaluation.name}} đã được duyệt',
    'Kết quả đánh giá đã được duyệt: {{evaluation.name}}',
  ],
];

/**
 * Issue 21, rules across rows: an evaluation period is unique by name and by type + dates, held by two unique indexes
 * (docs/architecture.md, "Rules across rows"). `name_key` and `period_key` are what is compared, written by the
 * service with the name, type and dates; `name_dup` and `period_dup` are 0
 * for every period, except an older duplicate made before this rule, which keeps its own id there: old periods stay
 * exactly as they were (their user evaluations and results point at them), only new duplicates are refused. An edit
 * that changes the name (or type and dates) of such a period sets its mark to 0, so it then meets the rule.
 *
 * The evaluation events' default titles read "Kết quả đánh giá Đánh giá KPI …" with a period named so: settings
 * still holding the old default get the new one; a title someone wrote is left alone.
 */
export function rulesAcrossRows(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('evaluations').addColumn('name_key', 'varchar(200)').execute();
      await db.schema.alterTable('evaluations').addColumn('period_key', 'varchar(40)').execute();
      await db.schema
        .alterTable('evaluations')
        .addColumn('name_dup', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('evaluations')
        .addColumn('period_dup', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await markDuplicatePeriods(db);
      await db.schema.createIndex('evaluations_name_uq').on('evaluations').columns(['name_key', 'name_dup']).unique().execute();
      await db.schema
        .createIndex('evaluations_period_uq')
        .on('evaluations')
        .columns(['period_key', 'period_dup'])
        .unique()
        .execute();

      for (const [event, before, after] of EVALUATION_TITLES_BEFORE_AFTER) {
        await sql`update notification_settings set title_template = ${after}
          where event = ${event} and title_template = ${before}`.execute(db);
      }
    },
  };
}

/** The data part, apart so a test runs it on a database holding duplicates: keys written, older duplicates marked. */
export async function markDuplicatePeriods(db: Kysely<unknown>): Promise<void> {
  const rows = (
    await sql<{
      id: number;
      name: string;
      period_type: string;
      period_start: string;
      period_end: string;
    }>`select id, name, period_type, period_start, period_end from evaluations order by id`.execute(db)
  ).rows;
  const names = new Set<string>();
  const periods = new Set<string>();
  for (const r of rows) {
    const key = evaluationNameKey(r.name);
    // Dates read back as text on both engines (pg's date parser: db/database.ts).
    const period = evaluationPeriodKey(r);
    const nameDup = names.has(key) ? r.id : 0;
    const periodDup = periods.has(period) ? r.id : 0;
    names.add(key);
    periods.add(period);
    await sql`update evaluations set name_key = ${key}, period_key = ${period}, name_dup = ${nameDup},
      period_dup = ${periodDup} where id = ${r.id}`.execute(db);
  }
}
