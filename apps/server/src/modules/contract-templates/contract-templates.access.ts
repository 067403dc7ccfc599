import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ModuleAccess } from '../../lib/record-access';
import { contractTemplatesRepository } from './contract-templates.repository';
import { CONTRACT_TEMPLATE_ENTITY } from './contract-templates.service';

const exists = contractTemplatesRepository.exists;

/** A template's file is read by any signed-in user (as the template is) and changed with settings.edit. */
export function contractTemplatesAccess(): ModuleAccess {
  return {
    documents: {
      [CONTRACT_TEMPLATE_ENTITY]: {
        canRead: (db, id) => exists(db, id),
        canEdit: async (db, id, actor) => hasAnyPermission(actor.permissions, ['settings.edit']) && (await exists(db, id)),
      },
    },
  };
}
