import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ModuleAccess } from '../../lib/record-access';
import { customersRepository as repo } from './customers.repository';
import { CUSTOMER_ENTITY } from './customers.service';

/** Files attached to a customer follow the customer's keys; its history needs only the keys (audit-logs). */
export function customersAccess(): ModuleAccess {
  return {
    documents: {
      [CUSTOMER_ENTITY]: {
        canRead: async (db, id, actor) =>
          hasAnyPermission(actor.permissions, ['customer.show', 'customer.edit']) && Boolean(await repo.exists(db, id)),
        canEdit: async (db, id, actor) =>
          hasAnyPermission(actor.permissions, ['customer.edit']) && Boolean(await repo.exists(db, id)),
      },
    },
  };
}
