import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_ACCEPT, type DocumentRecord } from '@qlcv/common/schemas/documents';
import { App, Button, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteDocument } from '../api/delete-document';
import { useUploadDocuments } from '../api/upload-documents';
import { AttachmentRows } from './attachment-rows';

const MAX_FILES = 20;

interface Props {
  /** Files uploaded from this form, attached when it is saved. */
  value?: DocumentRecord[];
  onChange?: (value: DocumentRecord[]) => void;
  /** The customer's files already attached (editing). */
  existing?: DocumentRecord[];
  customerId?: number;
  /** Removing an attached file needs the customer's edit key. */
  canRemoveExisting?: boolean;
  disabled?: boolean;
}

/** "Tệp đính kèm": uploads each chosen file at once; the form sends their ids when saved. */
export function AttachmentsField({ value = [], onChange, existing = [], customerId, canRemoveExisting, disabled }: Props) {
  const { modal } = App.useApp();
  const upload = useUploadDocuments();
  const remove = useDeleteDocument(customerId);
  const [uploading, setUploading] = useState(0);
  // Several files finish one after another before the form re-renders: each adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: DocumentRecord[]) => {
    latest.current = next;
    onChange?.(next);
  };

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

  const total = existing.length + value.length;
  const full = total >= MAX_FILES;
  const removeButton = (doc: DocumentRecord, onClick: () => void) => (
    <Button
      type="text"
      size="small"
      danger
      icon={<DeleteOutlined />}
      onClick={onClick}
      aria-label={`Gỡ tệp ${doc.original_name}`}
    />
  );

  return (
    <div>
      <Upload
        multiple
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        disabled={disabled || full}
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          try {
            const [doc] = await upload.mutateAsync([file as File]);
            if (doc) set([...latest.current, doc]);
            onSuccess?.(doc);
          } catch (error) {
            onError?.(error as Error);
          } finally {
            setUploading((n) => n - 1);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={disabled || full}>
          {uploading > 0 ? 'Đang tải lên…' : 'Chọn tệp'}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        PDF, Word, Excel, PowerPoint, ảnh hoặc văn bản; tối đa {MAX_FILES} tệp cho mỗi khách hàng.
      </Typography.Text>
      <AttachmentRows
        documents={[
          ...existing.map((doc) => ({ doc, action: canRemoveExisting ? removeButton(doc, () => removeExisting(doc)) : null })),
          ...value.map((doc) => ({
            doc,
            note: 'sẽ đính kèm khi lưu',
            action: removeButton(doc, () => set(value.filter((v) => v.id !== doc.id))),
          })),
        ]}
      />
    </div>
  );
}
