import type { CreateTableBuilder } from 'kysely';

export type DialectKind = 'sqlite' | 'postgres';

/**
 * The few DDL differences between the two engines. Everything else is written once.
 * Booleans are stored as 0/1 integers on both so filters read the same; the mappers turn them into booleans.
 */
export function ddl(kind: DialectKind) {
  return {
    kind,
    /** `autoIncrement()` is a syntax error on PostgreSQL and identity columns are on SQLite. */
    id<T extends string>(table: CreateTableBuilder<T, never>) {
      return table.addColumn('id', 'integer', (col) =>
        kind === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity(),
      );
    },
    timestamp: kind === 'sqlite' ? ('text' as const) : ('timestamptz' as const),
    date: kind === 'sqlite' ? ('text' as const) : ('date' as const),
    /** Created/updated stamps, author and optimistic-lock version shared by every editable table. */
    stamps<T extends string>(table: CreateTableBuilder<T, never>) {
      const ts = kind === 'sqlite' ? 'text' : 'timestamptz';
      return table
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('created_by', 'integer');
    },
  };
}
