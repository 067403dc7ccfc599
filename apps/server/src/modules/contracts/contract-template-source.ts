import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

/** What contracts need of the contract templates module (wired in app.ts). */
export interface ContractTemplateSource {
  /** The template's id and name, or null when there is none with that id. */
  find(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | null>;
  /** The stored .docx of the template. */
  fileOf(id: number): Promise<Buffer>;
}

/**
 * The contract templates module's service as a template source: its `get` answers 404 for an unknown id. A test report
 * template (kind `test_report`, decision 40.32) is no contract's template: as if there were none.
 */
export function templateSource(templates: {
  get(id: number, db: Kysely<DB>): Promise<{ id: number; name: string; kind: string }>;
  fileOf(id: number): Promise<Buffer>;
}): ContractTemplateSource {
  return {
    find: (db, id) =>
      templates.get(id, db).then(
        (t) => (t.kind === 'contract' ? { id: t.id, name: t.name } : null),
        (err: unknown) => {
          if (err instanceof AppError && err.status === 404) return null;
          throw err;
        },
      ),
    fileOf: (id) => templates.fileOf(id),
  };
}

/** Until a template source is wired no template can be named. */
export const NO_TEMPLATES: ContractTemplateSource = {
  find: async () => null,
  fileOf: async () => {
    throw notFound('Không tìm thấy mẫu hợp đồng.');
  },
};
