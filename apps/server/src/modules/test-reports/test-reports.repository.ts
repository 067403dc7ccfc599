import type { TestReportListQuery } from '@qlcv/common/schemas/test-reports';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, TestReportsTable } from '../../db/schema';

function base(db: Kysely<DB>) {
  return db
    .selectFrom('test_reports as r')
    .innerJoin('sampling_trips as t', 't.id', 'r.trip_id')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('users as sb', 'sb.id', 'r.signed_by')
    .leftJoin('monitoring_rounds as mr', 'mr.id', 'r.round_id')
    .leftJoin('monitoring_programs as mp', 'mp.id', 'mr.program_id')
    .selectAll('r')
    .select([
      't.code as trip_code',
      'c.name as customer_name',
      'sb.name as signed_by_name',
      'mr.name as round_name',
      'mp.code as round_program_code',
    ]);
}
export type TestReportRow = Awaited<ReturnType<typeof find>> & {};

export async function find(db: Kysely<DB>, id: number) {
  return base(db).where('r.id', '=', id).executeTakeFirst();
}

export async function findByCode(db: Kysely<DB>, code: string) {
  return base(db).where('r.verify_code', '=', code).where('r.state', '=', 'signed').executeTakeFirst();
}

export async function list(db: Kysely<DB>, f: TestReportListQuery) {
  let q = base(db);
  if (f.customer_id !== undefined) q = q.where('r.customer_id', '=', f.customer_id);
  if (f.trip_id !== undefined) q = q.where('r.trip_id', '=', f.trip_id);
  if (f.state !== undefined) q = q.where('r.state', '=', f.state);
  return q.orderBy('r.id', 'desc').limit(500).execute();
}

/** A customer's signed versions in force (not replaced), newest first. */
export async function signedForCustomer(db: Kysely<DB>, customerId: number, limit: number) {
  return base(db)
    .where('r.customer_id', '=', customerId)
    .where('r.state', '=', 'signed')
    .where('r.replaced_at', 'is', null)
    .orderBy('r.signed_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function history(db: Kysely<DB>, number: string) {
  return base(db).where('r.number', '=', number).orderBy('r.report_version').execute();
}

export async function numberTaken(db: Kysely<DB>, number: string): Promise<boolean> {
  return !!(await db.selectFrom('test_reports').select('id').where('number', '=', number).executeTakeFirst());
}

export async function insert(db: Kysely<DB>, row: Insertable<TestReportsTable>): Promise<number> {
  const r = await db.insertInto('test_reports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Optimistic update of a draft: 0 rows when the version moved or the report is no longer a draft. */
export async function updateDraft(db: Kysely<DB>, id: number, version: number, set: Updateable<TestReportsTable>) {
  const r = await db
    .updateTable('test_reports')
    .set({ ...set, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('state', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Marks a signed version replaced, once: the row's lock makes a raced second correction find it replaced. */
export async function markReplaced(db: Kysely<DB>, id: number, version: number, at: string) {
  const r = await db
    .updateTable('test_reports')
    .set({ replaced_at: at, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('state', '=', 'signed')
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setReplacedBy(db: Kysely<DB>, id: number, by: number) {
  await db.updateTable('test_reports').set({ replaced_by: by }).where('id', '=', id).execute();
}

export async function deleteDraft(db: Kysely<DB>, id: number): Promise<number> {
  const r = await db.deleteFrom('test_reports').where('id', '=', id).where('state', '=', 'draft').executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The PDF converted after signing (the .docx and its hash never change). */
export async function setPdf(db: Kysely<DB>, id: number, key: string) {
  await db.updateTable('test_reports').set({ pdf_key: key }).where('id', '=', id).where('pdf_key', 'is', null).execute();
}
