import { regulationCreateBody } from '@qlcv/common/schemas/regulations';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';
import type { DB } from '../schema';
import { REGULATION_SEEDS } from '../seed/regulations';
import { insertRegulationChildren, regulationHead } from '../seed/regulations/rows';

/**
 * Issue 25 part 1: national technical regulations as dated data — a regulation, its columns, its factor tables and its
 * limits per analyte × column × averaging period — seeded with the regulations this company compares with (their
 * sources cited in db/seed/regulations); the analyte a catalogue parameter measures; and a monitoring point's
 * regulation as a reference with the factor values its plan chose (the free-text regulation stays for the ones not in
 * the catalogue).
 */
export function regulations(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('regulations'))
            .addColumn('code', 'varchar(100)', (c) => c.notNull().unique())
            .addColumn('title', 'varchar(300)', (c) => c.notNull())
            .addColumn('medium', 'varchar(20)', (c) => c.notNull())
            .addColumn('issuer', 'varchar(200)')
            .addColumn('issuing_document', 'varchar(200)')
            .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
            .addColumn('valid_to', 'varchar(10)')
            .addColumn('replaced_by_id', 'integer', (c) => c.references('regulations.id').onDelete('set null'))
            .addColumn('source', 'varchar(1000)')
            .addColumn('note', 'varchar(2000)')
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('regulations_medium_idx').on('regulations').columns(['medium', 'valid_from']).execute();
      await db.schema.createIndex('regulations_replaced_idx').on('regulations').column('replaced_by_id').execute();

      await db.schema
        .createTable('regulation_columns')
        .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id').onDelete('cascade'))
        .addColumn('code', 'varchar(10)', (c) => c.notNull())
        .addColumn('meaning', 'varchar(500)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('regulation_columns_pk', ['regulation_id', 'code'])
        .execute();
      await db.schema
        .createTable('regulation_factors')
        .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id').onDelete('cascade'))
        .addColumn('code', 'varchar(10)', (c) => c.notNull())
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('basis', 'varchar(300)')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('regulation_factors_pk', ['regulation_id', 'code'])
        .execute();
      await db.schema
        .createTable('regulation_factor_values')
        .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id').onDelete('cascade'))
        .addColumn('factor_code', 'varchar(10)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('label', 'varchar(200)', (c) => c.notNull())
        .addColumn('value', 'varchar(20)', (c) => c.notNull())
        .addPrimaryKeyConstraint('regulation_factor_values_pk', ['regulation_id', 'factor_code', 'sort_order'])
        .execute();
      await db.schema
        .createTable('regulation_limits')
        .addColumn('regulation_id', 'integer', (c) => c.notNull().references('regulations.id').onDelete('cascade'))
        .addColumn('analyte', 'varchar(50)', (c) => c.notNull())
        .addColumn('column_code', 'varchar(10)', (c) => c.notNull())
        // '' when the regulation gives no averaging period (a NULL would not be unique on PostgreSQL).
        .addColumn('averaging', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('unit', 'varchar(30)', (c) => c.notNull())
        .addColumn('min_value', 'varchar(20)')
        .addColumn('max_value', 'varchar(20)')
        // The factor codes the max is multiplied by, space-separated ("Kq Kf"); '' = a fixed limit.
        .addColumn('factors', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'varchar(300)')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('regulation_limits_pk', ['regulation_id', 'analyte', 'column_code', 'averaging'])
        .execute();
      await db.schema.createIndex('regulation_limits_analyte_idx').on('regulation_limits').column('analyte').execute();

      await db.schema.alterTable('parameters').addColumn('analyte', 'varchar(50)').execute();
      await db.schema.createIndex('parameters_analyte_idx').on('parameters').column('analyte').execute();
      await db.schema
        .alterTable('site_points')
        .addColumn('regulation_id', 'integer', (c) => c.references('regulations.id').onDelete('restrict'))
        .execute();
      // JSON: [{ code, value, reason }] — the factor values of the regulation's tables this point's plan chose.
      await db.schema.alterTable('site_points').addColumn('regulation_factors', 'varchar(2000)').execute();
      await db.schema.createIndex('site_points_regulation_idx').on('site_points').column('regulation_id').execute();

      // The shipped regulations, then their replacements by code, then the points that already named one by its code.
      const k = db as unknown as Kysely<DB>;
      const now = new Date().toISOString();
      const ids = new Map<string, number>();
      for (const seed of REGULATION_SEEDS) {
        // Checked as the API checks a body: a wrong value in the data file fails the migration, not a report later.
        const { replaced_by_code: _r, ...fields } = seed;
        const body = regulationCreateBody.parse(fields);
        const { id } = await k
          .insertInto('regulations')
          .values({ ...regulationHead(body), replaced_by_id: null, created_by: null, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertRegulationChildren(k, id, body);
        ids.set(seed.code, id);
      }
      for (const seed of REGULATION_SEEDS)
        if (seed.replaced_by_code)
          await k
            .updateTable('regulations')
            .set({ replaced_by_id: ids.get(seed.replaced_by_code) ?? null })
            .where('code', '=', seed.code)
            .execute();
      await sql`update site_points set regulation_id = (select r.id from regulations r where r.code = site_points.regulation)
        where regulation is not null`.execute(db);
    },
  };
}
