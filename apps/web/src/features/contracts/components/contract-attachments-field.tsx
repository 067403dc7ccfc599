import type { ComponentProps } from 'react';
import { AttachmentsField as Field } from '@/components/attachments/attachments-field';
import { useRemoveAttachment } from '@/components/attachments/use-remove-attachment';
import { queryKeys } from '@/lib/query-keys';

type Props = Omit<ComponentProps<typeof Field>, 'onRemoveExisting'> & {
  /** Editing: the contract whose attached files may be removed. */
  contractId?: number;
};

/** "Tệp đính kèm" of a contract, as a customer's: while editing, an attached file is removed at once after a confirm. */
export function ContractAttachmentsField({ contractId, ...field }: Props) {
  const removeExisting = useRemoveAttachment(contractId ? queryKeys.contracts.detail(contractId) : undefined, 'khỏi hợp đồng');
  return <Field {...field} onRemoveExisting={contractId ? removeExisting : undefined} />;
}
