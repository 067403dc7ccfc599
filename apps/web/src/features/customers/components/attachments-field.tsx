import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { App } from 'antd';
import type { ComponentProps } from 'react';
import { AttachmentsField as Field } from '@/components/attachments/attachments-field';
import { useDeleteDocument } from '@/components/attachments/documents-api';
import { notifySuccess } from '@/lib/notify/notify';
import { queryKeys } from '@/lib/query-keys';

type Props = Omit<ComponentProps<typeof Field>, 'onRemoveExisting' | 'recordNoun'> & {
  customerId?: number;
  /** Removing an attached file needs the customer's edit key. */
  canRemoveExisting?: boolean;
};

/** "Tệp đính kèm" of a customer: at most 20 files per customer; an attached one is removed at once, after a confirm. */
export function AttachmentsField({ customerId, canRemoveExisting, ...field }: Props) {
  const { modal } = App.useApp();
  const remove = useDeleteDocument(customerId ? queryKeys.customers.detail(customerId) : undefined);

  const removeExisting = (doc: DocumentRecord) =>
    modal.confirm({
      title: `Gỡ tệp “${doc.original_name}”?`,
      content: 'Tệp sẽ bị xóa khỏi hồ sơ khách hàng ngay, không cần bấm lưu.',
      okText: 'Gỡ tệp',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(doc.id);
          notifySuccess(`Đã gỡ tệp “${doc.original_name}”.`);
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  return <Field {...field} recordNoun="khách hàng" onRemoveExisting={canRemoveExisting ? removeExisting : undefined} />;
}
