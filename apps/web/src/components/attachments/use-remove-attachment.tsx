import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import type { QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteDocument } from './documents-api';

/**
 * "Gỡ tệp" of a saved record's attachment: removed at once after a confirm (the server writes the record's history).
 * `refresh`: the record's query; `from`: where the file goes from, e.g. "khỏi hợp đồng".
 */
export function useRemoveAttachment(refresh: QueryKey | undefined, from: string) {
  const { modal } = App.useApp();
  const remove = useDeleteDocument(refresh);
  return (doc: DocumentRecord) =>
    modal.confirm({
      title: `Gỡ tệp “${doc.original_name}”?`,
      content: `Tệp sẽ bị xóa ${from} ngay, không cần bấm lưu.`,
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
}
