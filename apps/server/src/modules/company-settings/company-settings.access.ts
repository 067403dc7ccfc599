import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ModuleAccess } from '../../lib/record-access';
import { COMPANY_SETTINGS_ENTITY } from './company-settings.service';

/** The logo is public anyway; changing it takes the settings key. The history needs only the key (audit-logs). */
export function companySettingsAccess(): ModuleAccess {
  return {
    documents: {
      [COMPANY_SETTINGS_ENTITY]: {
        canRead: async () => true,
        canEdit: async (_db, _id, actor) => hasAnyPermission(actor.permissions, ['settings.edit']),
      },
    },
  };
}
