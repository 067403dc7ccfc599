import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ModuleAccess } from '../../lib/record-access';
import type { WorksService } from '../works/works.service';
import { REQUEST_ENTITY } from './request-states';
import { requestsRepository as repo } from './requests.repository';

/**
 * Who reaches a request's files: whoever may open requests, and whoever works on the request (a step's assignee needs
 * what the customer sent); request editors change them. Its history needs only the keys (audit-logs).
 */
export function requestsAccess(works: WorksService): ModuleAccess {
  return {
    documents: {
      [REQUEST_ENTITY]: {
        canRead: async (db, id, actor) =>
          (await repo.exists(db, id)) &&
          (hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit']) ||
            (await works.worksOnRequest(db, id, actor))),
        canEdit: async (db, id, actor) => hasAnyPermission(actor.permissions, ['requests.edit']) && (await repo.exists(db, id)),
      },
    },
  };
}
