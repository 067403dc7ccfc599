import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/** The one company settings row's id. */
export const COMPANY_SETTINGS_ID = 1;

/** Company name until the admin types the real one (PRODUCT.md §3, "Company settings"). */
export const DEFAULT_COMPANY_NAME = 'Công ty Quan trắc & Kỹ thuật';
/** Monday to Saturday, Saturday in the morning only: the usual week of a Vietnamese office. */
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5, 6];

/**
 * Issue 9, company settings and the company calendar: the one settings row (name, tax code, bank, logo, working
 * week), the public holidays of each year (one row a year, its days as JSON, versioned for 409), and a data version
 * raised on every change to either so every app instance drops its cached calendar.
 */
export function companySettings(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          db.schema
            .createTable('company_settings')
            // A single row, id 1: the check keeps it single.
            .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`)),
        )
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('short_name', 'varchar(100)')
        .addColumn('tax_code', 'varchar(20)')
        .addColumn('address', 'varchar(500)')
        .addColumn('phone', 'varchar(20)')
        .addColumn('email', 'varchar(150)')
        .addColumn('website', 'varchar(255)')
        .addColumn('legal_representative', 'varchar(150)')
        .addColumn('legal_representative_title', 'varchar(100)')
        .addColumn('bank_account_number', 'varchar(40)')
        .addColumn('bank_name', 'varchar(255)')
        // JSON array of ISO weekdays (1 = Monday … 7 = Sunday).
        .addColumn('working_days', 'varchar(40)', (c) => c.notNull())
        .addColumn('saturday_half', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('logo_document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      await d
        .stamps(db.schema.createTable('company_holiday_years').addColumn('year', 'integer', (c) => c.primaryKey()))
        // JSON array of { date, name, kind }, sorted by date.
        .addColumn('days', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      const now = new Date().toISOString();
      await sql`insert into company_settings (id, name, working_days, saturday_half, version, created_at, updated_at)
        values (${COMPANY_SETTINGS_ID}, ${DEFAULT_COMPANY_NAME}, ${JSON.stringify(DEFAULT_WORKING_DAYS)}, 1, 1, ${now}, ${now})`.execute(
        db,
      );
      await sql`insert into data_versions (name, version) values ('calendar', 0)`.execute(db);
    },
  };
}
