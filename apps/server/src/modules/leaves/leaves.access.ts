import type { ModuleAccess } from '../../lib/record-access';
import { LEAVE_ENTITY } from './leaves.mappers';
import type { LeavesService } from './leaves.service';

/** A leave's files and history follow the leave: whoever sees it reads them, whoever may edit it changes the files. */
export function leavesAccess(leaves: LeavesService): ModuleAccess {
  return {
    documents: {
      [LEAVE_ENTITY]: {
        canRead: (db, id, actor) => leaves.canSee(db, id, actor),
        canEdit: (db, id, actor) => leaves.canEdit(db, id, actor),
      },
    },
    history: { [LEAVE_ENTITY]: (db, id, actor) => leaves.canSee(db, id, actor) },
  };
}
