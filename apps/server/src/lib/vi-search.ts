import { normalizeVi } from '@qlcv/common/vi-text';

/** A LIKE pattern over a normalised column: accents, đ and case ignored; % and _ typed by the user match literally. */
export function likePattern(term: string | undefined): string | null {
  const normal = normalizeVi(term);
  if (!normal) return null;
  return `%${normal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { type Expression, type SqlBool, sql } from 'kysely';

/** `column LIKE pattern ESCAPE '\'`, written the same on both engines. */
export function likeNormalized(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
