import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

export function foundation(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('departments'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(150)', (c) => c.notNull())
            .addColumn('parent_id', 'integer', (c) => c.references('departments.id'))
            // SQLite accepts a reference to a table created later; PostgreSQL gets its constraint below.
            .addColumn('head_id', 'integer', (c) => (kind === 'sqlite' ? c.references('users.id') : c))
            .addColumn('description', 'text')
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('roles'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(100)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('permission', 'varchar(100)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('users'))
            .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(100)', (c) => c.notNull())
            .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('email', 'varchar(150)', (c) => c.unique())
            .addColumn('mobile', 'varchar(15)', (c) => c.unique())
            .addColumn('password_hash', 'text', (c) => c.notNull())
            .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
            .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
            .addColumn('position', 'varchar(100)')
            .addColumn('gender', 'varchar(10)')
            .addColumn('birthday', d.date)
            .addColumn('joined_at', d.date)
            .addColumn('address', 'varchar(255)')
            .addColumn('avatar', 'varchar(500)')
            .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
            .addColumn('last_login_at', d.timestamp)
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role_id').execute();
      await db.schema.createIndex('users_department_idx').on('users').column('department_id').execute();

      if (kind === 'postgres') {
        await sql`alter table departments add constraint departments_head_fk foreign key (head_id) references users(id)`.execute(
          db,
        );
      }
      await db.schema.createIndex('departments_parent_idx').on('departments').column('parent_id').execute();

      await d
        .id(db.schema.createTable('access_tokens'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('expires_at', d.timestamp, (c) => c.notNull())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addColumn('last_used_at', d.timestamp)
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(300)')
        .execute();
      await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

      await d
        .id(db.schema.createTable('password_otps'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('mobile', 'varchar(15)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', d.timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', d.timestamp)
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('password_otps_mobile_idx').on('password_otps').columns(['mobile', 'created_at']).execute();

      await d
        .id(db.schema.createTable('audit_logs'))
        .addColumn('entity', 'varchar(50)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(30)', (c) => c.notNull())
        .addColumn('changes', 'text')
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(300)')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_logs_entity_idx').on('audit_logs').columns(['entity', 'entity_id', 'id']).execute();

      await db.schema
        .createTable('sequences')
        .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
