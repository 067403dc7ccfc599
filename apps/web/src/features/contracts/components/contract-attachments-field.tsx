import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { App } from 'antd';
import type { ComponentProps } from 'react';
import { AttachmentsField as Field } from '@/components/attachments/attachments-field';
import { useDeleteDocument } from '@/components/attachments/documents-api';
import { notifySuccess } from '@/lib/notify/notify';
import { queryKeys } from '@/lib/query-keys';

type Props = Omit<ComponentProps<typeof Field>, 'onRemoveExisting'> & {
  /** Editing: the contract whose attached files may be removed. */
  contractId?: number;
};

/**
 * "Tệp đính kèm" of a contract, as a customer's: while editing, an attached file is removed at once after a confirm
 * (the server records it in the contract's history).
 */
export function ContractAttachmentsField({ contractId, ...field }: Props) {
  const { modal } = App.useApp();
  const remove = useDeleteDocument(contractId ? queryKeys.contracts.detail(contractId) : undefined);

  const removeExisting = (doc: DocumentRecord) =>
    modal.confirm({
      title: `Gỡ tệp “${doc.original_name}”?`,
      content: 'Tệp sẽ bị xóa khỏi hợp đồng ngay, không cần bấm lưu.',
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

  return <Field {...field} onRemoveExisting={contractId ? removeExisting : undefined} />;
}
