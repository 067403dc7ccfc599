import type { ModuleAccess } from '../../lib/record-access';
import { WORK_ENTITY } from './works.mappers';
import type { WorksService } from './works.service';

/**
 * Who reaches what is kept about a work: its files follow the work's scope (whoever sees the work reads them;
 * whoever may change it edits them), and so does its history (404 outside the scope).
 */
export function worksAccess(works: WorksService): ModuleAccess {
  return {
    documents: {
      [WORK_ENTITY]: {
        canRead: (db, id, actor) => works.canSee(db, id, actor),
        canEdit: (db, id, actor) => works.canEdit(db, id, actor),
      },
    },
    history: { [WORK_ENTITY]: (db, id, actor) => works.canSee(db, id, actor) },
  };
}
