import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ModuleAccess, RecordCheck } from '../../lib/record-access';
import { CONTRACT_ENTITY } from './contracts.mappers';
import type { ContractsService } from './contracts.service';

/**
 * Contracts have no row scope (PRODUCT.md §2 names none): whoever may open a contract (`contracts.show`) reads its
 * files and its history, and changes its files.
 */
export function contractsAccess(contracts: ContractsService): ModuleAccess {
  const opens: RecordCheck = async (db, id, actor) =>
    hasAnyPermission(actor.permissions, ['contracts.show']) && (await contracts.exists(db, id));
  return {
    documents: { [CONTRACT_ENTITY]: { canRead: opens, canEdit: opens } },
    history: { [CONTRACT_ENTITY]: opens },
  };
}
