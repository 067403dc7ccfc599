import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/** The one attendance settings row's id (a check keeps it single, as company_settings). */
export const ATTENDANCE_SETTINGS_ID = 1;

/**
 * Issue 23, attendance: the sites one may check in at (with who may, when not all staff), the company's rules (one
 * row), every punch (phone, time clock import), the corrections (giải trình) with their history, and the imports.
 * Coordinates are integer micro-degrees; times ISO text on SQLite, timestamptz on PostgreSQL.
 */
export function attendance(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('attendance_sites'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(150)', (c) => c.notNull())
            .addColumn('description', 'varchar(500)')
            .addColumn('latitude_e6', 'integer', (c) => c.notNull())
            .addColumn('longitude_e6', 'integer', (c) => c.notNull())
            .addColumn('radius_m', 'integer', (c) => c.notNull())
            .addColumn('all_staff', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await db.schema
        .createTable('attendance_site_users')
        .addColumn('site_id', 'integer', (c) => c.notNull().references('attendance_sites.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('attendance_site_users_pk', ['site_id', 'user_id'])
        .execute();
      await db.schema.createIndex('attendance_site_users_user_idx').on('attendance_site_users').column('user_id').execute();

      await d
        .stamps(db.schema.createTable('attendance_settings').addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`)))
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('accuracy_limit_m', 'integer', (c) => c.notNull().defaultTo(100))
        .addColumn('grace_minutes', 'integer', (c) => c.notNull().defaultTo(5))
        // JSON array of CIDR ranges or single addresses.
        .addColumn('office_ip_ranges', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('morning_start', 'varchar(5)', (c) => c.notNull().defaultTo('08:00'))
        .addColumn('morning_end', 'varchar(5)', (c) => c.notNull().defaultTo('12:00'))
        .addColumn('afternoon_start', 'varchar(5)', (c) => c.notNull().defaultTo('13:30'))
        .addColumn('afternoon_end', 'varchar(5)', (c) => c.notNull().defaultTo('17:30'))
        // JSON array of { department_id, morning_start, morning_end, afternoon_start, afternoon_end }.
        .addColumn('department_shifts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      const now = new Date().toISOString();
      await sql`insert into attendance_settings (id, version, created_at, updated_at)
        values (${ATTENDANCE_SETTINGS_ID}, 1, ${now}, ${now})`.execute(db);

      await d
        .id(db.schema.createTable('attendance_imports'))
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('layout', 'varchar(20)', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .addColumn('accepted', 'integer', (c) => c.notNull())
        .addColumn('duplicates', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();

      await d
        .id(db.schema.createTable('attendance_checks'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(5)', (c) => c.notNull())
        .addColumn('method', 'varchar(12)', (c) => c.notNull())
        // The server's time of the punch, and its Vietnamese calendar day.
        .addColumn('at', d.timestamp, (c) => c.notNull())
        .addColumn('date', d.date, (c) => c.notNull())
        .addColumn('site_id', 'integer', (c) => c.references('attendance_sites.id').onDelete('set null'))
        .addColumn('latitude_e6', 'integer')
        .addColumn('longitude_e6', 'integer')
        .addColumn('accuracy_m', 'integer')
        .addColumn('distance_m', 'integer')
        .addColumn('ip', 'varchar(45)')
        // What the device said its time was: recorded, never trusted.
        .addColumn('device_time', 'varchar(40)')
        .addColumn('photo_key', 'varchar(300)')
        .addColumn('photo_mime', 'varchar(20)')
        .addColumn('import_id', 'integer', (c) => c.references('attendance_imports.id').onDelete('set null'))
        // "user_id|at" of an imported punch: re-importing the same file adds nothing (NULL for phone punches).
        .addColumn('import_key', 'varchar(80)', (c) => c.unique())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attendance_checks_user_date_idx')
        .on('attendance_checks')
        .columns(['user_id', 'date', 'at'])
        .execute();
      await db.schema.createIndex('attendance_checks_date_idx').on('attendance_checks').columns(['date', 'id']).execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('attendance_corrections'))
            .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
            .addColumn('date', d.date, (c) => c.notNull())
            .addColumn('check_in', 'varchar(5)')
            .addColumn('check_out', 'varchar(5)')
            .addColumn('reason', 'text', (c) => c.notNull())
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
            .addColumn('approver_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('decided_at', d.timestamp)
            .addColumn('decision_note', 'text'),
        )
        .execute();
      // One pending correction per employee-day, held by the database.
      await db.schema
        .createIndex('attendance_corrections_pending_uq')
        .on('attendance_corrections')
        .columns(['user_id', 'date'])
        .unique()
        .where(sql.ref('status'), '=', sql.lit('pending'))
        .execute();
      await db.schema
        .createIndex('attendance_corrections_user_date_idx')
        .on('attendance_corrections')
        .columns(['user_id', 'date', 'status'])
        .execute();
      await db.schema
        .createIndex('attendance_corrections_approver_idx')
        .on('attendance_corrections')
        .columns(['approver_id', 'status'])
        .execute();

      await d
        .id(db.schema.createTable('attendance_correction_history'))
        .addColumn('correction_id', 'integer', (c) => c.notNull().references('attendance_corrections.id').onDelete('cascade'))
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text')
        .addColumn('at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attendance_correction_history_idx')
        .on('attendance_correction_history')
        .columns(['correction_id', 'id'])
        .execute();
    },
  };
}
