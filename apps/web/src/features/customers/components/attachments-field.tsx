import type { ComponentProps } from 'react';
import { AttachmentsField as Field } from '@/components/attachments/attachments-field';
import { useRemoveAttachment } from '@/components/attachments/use-remove-attachment';
import { queryKeys } from '@/lib/query-keys';

type Props = Omit<ComponentProps<typeof Field>, 'onRemoveExisting' | 'recordNoun'> & {
  customerId?: number;
  /** Removing an attached file needs the customer's edit key. */
  canRemoveExisting?: boolean;
};

/** "Tệp đính kèm" of a customer: at most 20 files per customer; an attached one is removed at once, after a confirm. */
export function AttachmentsField({ customerId, canRemoveExisting, ...field }: Props) {
  const removeExisting = useRemoveAttachment(
    customerId ? queryKeys.customers.detail(customerId) : undefined,
    'khỏi hồ sơ khách hàng',
  );
  return <Field {...field} recordNoun="khách hàng" onRemoveExisting={canRemoveExisting ? removeExisting : undefined} />;
}
