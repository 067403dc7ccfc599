import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface ContractTemplateFilter {
  search: string | null;
  active?: boolean;
  kind?: string;
}

function filtered(db: Kysely<DB>, f: ContractTemplateFilter) {
  let q = db.selectFrom('contract_templates as t');
  if (f.search) q = q.where(likeNormalized('t.search_text', f.search));
  if (f.active !== undefined) q = q.where('t.active', '=', f.active ? 1 : 0);
  if (f.kind !== undefined) q = q.where('t.kind', '=', f.kind);
  return q;
}

function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('users as u', 'u.id', 't.created_by')
    .leftJoin('documents as d', 'd.id', 't.document_id')
    .select([
      't.id',
      't.code',
      't.name',
      't.description',
      't.active',
      't.placeholders',
      't.kind',
      't.document_id',
      't.created_by',
      't.version',
      't.created_at',
      't.updated_at',
      'u.name as created_by_name',
      'd.original_name as doc_name',
      'd.mime as doc_mime',
      'd.size as doc_size',
      'd.checksum as doc_checksum',
      'd.is_public as doc_is_public',
      'd.created_at as doc_created_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('contracts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('contracts.template_id', '=', 't.id')
        .as('contracts_count'),
    );
}

export type ContractTemplateRow = NonNullable<Awaited<ReturnType<typeof contractTemplatesRepository.find>>>;

export const contractTemplatesRepository = {
  list(
    db: Kysely<DB>,
    f: ContractTemplateFilter,
    sort: { column: string; direction: 'asc' | 'desc' },
    limit: number,
    offset: number,
  ) {
    return withRelations(filtered(db, f))
      .orderBy(`t.${sort.column}` as 't.name', sort.direction)
      .orderBy('t.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: ContractTemplateFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Active contract templates by name: the contract form's picker (report templates never print a contract). */
  options(db: Kysely<DB>) {
    return db
      .selectFrom('contract_templates')
      .select(['id', 'code', 'name'])
      .where('active', '=', 1)
      .where('kind', '=', 'contract')
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { search: null }))
      .where('t.id', '=', id)
      .executeTakeFirst();
  },

  /** The active test report template last written (decision 40.32), with a file; none → the built-in one. */
  newestActiveReport(db: Kysely<DB>) {
    return db
      .selectFrom('contract_templates')
      .select(['id', 'document_id'])
      .where('kind', '=', 'test_report')
      .where('active', '=', 1)
      .where('document_id', 'is not', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** Whether the template exists (its documents' access). */
  async exists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('contract_templates').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** The template's file, once stored (after the row: the document names the template). */
  async setDocument(db: Kysely<DB>, id: number, documentId: number): Promise<void> {
    await db.updateTable('contract_templates').set({ document_id: documentId }).where('id', '=', id).execute();
  },

  async contractsCount(db: Kysely<DB>, id: number): Promise<number> {
    const row = await db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
