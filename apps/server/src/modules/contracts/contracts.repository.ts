import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ContractItemsTable, ContractsTable, DB } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface ContractFilter {
  search: string | null;
  status?: string[];
  customerId?: number;
  requestId?: number;
  /** Signed date range, inclusive. */
  from?: string | null;
  to?: string | null;
  /** Running and ending between these dates (inclusive): the "expiring soon" filter. */
  expiring?: { from: string; to: string; statuses: readonly string[] };
}

export type ContractSortColumn =
  | 'number'
  | 'title'
  | 'signed_date'
  | 'start_date'
  | 'end_date'
  | 'total'
  | 'status'
  | 'created_at';
export interface ContractSort {
  column: ContractSortColumn;
  direction: 'asc' | 'desc';
}

const COLUMNS = [
  'c.id',
  'c.number',
  'c.title',
  'c.status',
  'c.customer_id',
  'cu.code as customer_code',
  'cu.name as customer_name',
  'c.signed_date',
  'c.start_date',
  'c.end_date',
  'c.subtotal',
  'c.vat_amount',
  'c.total',
  'c.created_by',
  'u.name as created_by_name',
  'c.created_at',
] as const;

const DETAIL_COLUMNS = [
  ...COLUMNS,
  'c.template_id',
  'c.request_id',
  'r.code as request_code',
  'c.payment_terms',
  'c.notes',
  'c.applied_rule_id',
  'c.department_id',
  'c.expiring_notified_at',
  'c.submitted_by',
  'c.submitted_at',
  'su.name as submitted_by_name',
  'c.version',
  'c.updated_at',
] as const;

function base(db: Kysely<DB>) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .leftJoin('users as u', 'u.id', 'c.created_by');
}

export function filtered(db: Kysely<DB>, f: ContractFilter) {
  let q = base(db);
  if (f.search) q = q.where(likeNormalized('c.search_text', f.search));
  if (f.status?.length) q = q.where('c.status', 'in', f.status);
  if (f.customerId) q = q.where('c.customer_id', '=', f.customerId);
  if (f.requestId) q = q.where('c.request_id', '=', f.requestId);
  if (f.from) q = q.where('c.signed_date', '>=', f.from);
  if (f.to) q = q.where('c.signed_date', '<=', f.to);
  if (f.expiring) {
    q = q
      .where('c.status', 'in', [...f.expiring.statuses])
      .where('c.end_date', '>=', f.expiring.from)
      .where('c.end_date', '<=', f.expiring.to);
  }
  return q;
}

export type ContractRow = Awaited<ReturnType<typeof contractsRepository.list>>[number];
export type ContractDetailRow = NonNullable<Awaited<ReturnType<typeof contractsRepository.find>>>;
export type ContractItemRow = Awaited<ReturnType<typeof contractsRepository.items>>[number];

export const contractsRepository = {
  list(db: Kysely<DB>, f: ContractFilter, sort: ContractSort, limit: number, offset: number) {
    let q = filtered(db, f).select(COLUMNS);
    q =
      sort.column === 'signed_date'
        ? q.orderBy('c.signed_date', (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        : q.orderBy(`c.${sort.column}`, sort.direction);
    return q.orderBy('c.id', sort.direction).limit(limit).offset(offset).execute();
  },

  /** The row count and Σ total of the filtered list, per status. */
  async totalsByStatus(db: Kysely<DB>, f: ContractFilter): Promise<{ status: string; count: number; sum: number }[]> {
    const rows = await filtered(db, f)
      .select((eb) => ['c.status', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('c.total').as('s')])
      .groupBy('c.status')
      .execute();
    return rows.map((r) => ({ status: r.status, count: Number(r.n), sum: Number(r.s ?? 0) }));
  },

  find(db: Kysely<DB>, id: number) {
    return base(db)
      .leftJoin('requests as r', 'r.id', 'c.request_id')
      .leftJoin('users as su', 'su.id', 'c.submitted_by')
      .select(DETAIL_COLUMNS)
      .where('c.id', '=', id)
      .executeTakeFirst();
  },

  exists(db: Kysely<DB>, id: number) {
    return db.selectFrom('contracts').select(['id', 'status', 'submitted_by']).where('id', '=', id).executeTakeFirst();
  },

  /**
   * Active users who may sign or return a contract waiting for approval: their role holds `key`, or is the
   * administrators' (which holds every key); `except` (the submitter) left out. By name, at most `limit`.
   */
  approvers(db: Kysely<DB>, key: string, adminRoleCode: string, except: number | null, limit: number) {
    let q = db
      .selectFrom('users as u')
      .innerJoin('roles as ro', 'ro.id', 'u.role_id')
      .select(['u.id', 'u.name'])
      .where('u.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb('ro.code', '=', adminRoleCode),
          eb.exists(
            eb
              .selectFrom('role_permissions as rp')
              .select('rp.role_id')
              .whereRef('rp.role_id', '=', 'u.role_id')
              .where('rp.permission', '=', key),
          ),
        ]),
      );
    if (except !== null) q = q.where('u.id', '!=', except);
    return q.orderBy('u.name').orderBy('u.id').limit(limit).execute();
  },

  items(db: Kysely<DB>, contractId: number) {
    return db
      .selectFrom('contract_items')
      .selectAll()
      .where('contract_id', '=', contractId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  numberTaken(db: Kysely<DB>, number: string, exceptId?: number) {
    let q = db.selectFrom('contracts').select('id').where('number', '=', number);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  },

  async insert(db: Kysely<DB>, row: Insertable<ContractsTable>): Promise<number> {
    const { id } = await db.insertInto('contracts').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Writes the contract if it still has `version` (any version when null); false otherwise. */
  async update(db: Kysely<DB>, id: number, version: number | null, values: Updateable<ContractsTable>): Promise<boolean> {
    let q = db
      .updateTable('contracts')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (version !== null) q = q.where('version', '=', version);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * A status change that happens only from the statuses given (and the version, when named; and, for a decision on a
   * submitted contract, only when `notSubmittedBy` did not submit it): whether it did.
   */
  async changeStatus(
    db: Kysely<DB>,
    id: number,
    from: readonly string[],
    version: number | null,
    values: Updateable<ContractsTable>,
    notSubmittedBy?: number,
  ): Promise<boolean> {
    let q = db
      .updateTable('contracts')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('status', 'in', [...from]);
    if (version !== null) q = q.where('version', '=', version);
    if (notSubmittedBy !== undefined) {
      q = q.where((eb) => eb.or([eb('submitted_by', 'is', null), eb('submitted_by', '!=', notSubmittedBy)]));
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async replaceItems(db: Kysely<DB>, contractId: number, items: Omit<Insertable<ContractItemsTable>, 'contract_id'>[]) {
    await db.deleteFrom('contract_items').where('contract_id', '=', contractId).execute();
    if (items.length > 0) {
      await db
        .insertInto('contract_items')
        .values(items.map((i) => ({ ...i, contract_id: contractId })))
        .execute();
    }
  },

  async updateItemRates(db: Kysely<DB>, rows: { id: number; applied_rate: number | null; amount: number }[]) {
    for (const r of rows) {
      await db
        .updateTable('contract_items')
        .set({ applied_rate: r.applied_rate, amount: r.amount })
        .where('id', '=', r.id)
        .execute();
    }
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('contracts').where('id', '=', id).execute();
  },

  vatRules(db: Kysely<DB>) {
    return db
      .selectFrom('vat_rules')
      .select(['id', 'name', 'from_rate', 'to_rate', 'valid_from', 'valid_to'])
      .orderBy('valid_from')
      .orderBy('id')
      .execute();
  },

  customer(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('customers')
      .select([
        'id',
        'code',
        'name',
        'tax_code',
        'representative',
        'representative_title',
        'phone',
        'email',
        'street',
        'ward',
        'province',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The catalogue group a request type's contracts are priced from, if it names one. */
  async serviceGroupOfType(db: Kysely<DB>, requestTypeId: number): Promise<string | null> {
    const row = await db.selectFrom('request_types').select('service_group').where('id', '=', requestTypeId).executeTakeFirst();
    return row?.service_group ?? null;
  },

  /** Active services of a catalogue group, with their unit's name, for a contract's prefilled lines. */
  servicesOfGroup(db: Kysely<DB>, group: string) {
    return db
      .selectFrom('services as s')
      .innerJoin('units as un', 'un.id', 's.unit_id')
      .select([
        's.id',
        's.code',
        's.name',
        's.description',
        'un.name as unit_name',
        's.unit_price',
        's.vat_rate',
        's.vat_reducible',
      ])
      .where('s.group_name', '=', group)
      .where('s.active', '=', 1)
      .orderBy('s.code')
      .execute();
  },

  /** The head of a department, for the expiry reminder. */
  async headOf(db: Kysely<DB>, departmentId: number | null): Promise<number | null> {
    if (!departmentId) return null;
    const row = await db.selectFrom('departments').select('head_id').where('id', '=', departmentId).executeTakeFirst();
    return row?.head_id ?? null;
  },

  /** Running contracts ending by `until` whose reminder has not gone out. */
  dueForReminder(db: Kysely<DB>, statuses: readonly string[], today: string, until: string, limit: number) {
    return base(db)
      .select(['c.id', 'c.number', 'c.title', 'c.end_date', 'c.created_by', 'c.department_id', 'cu.name as customer_name'])
      .where('c.status', 'in', [...statuses])
      .where('c.end_date', '>=', today)
      .where('c.end_date', '<=', until)
      .where('c.expiring_notified_at', 'is', null)
      .orderBy('c.id')
      .limit(limit)
      .execute();
  },

  /** Marks the reminder sent, only if nobody did meanwhile: whether this call did. */
  async markReminded(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('contracts')
      .set({ expiring_notified_at: at })
      .where('id', '=', id)
      .where('expiring_notified_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
