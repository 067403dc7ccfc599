import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { DOCUMENT_ACCEPT, type DocumentRecord } from '@qlcv/common/schemas/documents';
import { Button, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { AttachmentRows } from './attachment-rows';
import { useUploadDocuments } from './documents-api';

const MAX_FILES = 20;

interface Props {
  /** Files uploaded from this form, attached when it is saved. */
  value?: DocumentRecord[];
  onChange?: (value: DocumentRecord[]) => void;
  /** Files already attached (editing), listed above the new ones. */
  existing?: DocumentRecord[];
  disabled?: boolean;
  id?: string;
  /** Removes an attached file (editing): given, each of `existing` gets a remove button. */
  onRemoveExisting?: (doc: DocumentRecord) => void;
  /** The record the files belong to, when the limit is per record (attached ones count) rather than per save. */
  recordNoun?: string;
}

/** Uploads each chosen file at once; the form sends their ids when saved. */
export function AttachmentsField({ value = [], onChange, existing = [], disabled, id, onRemoveExisting, recordNoun }: Props) {
  const upload = useUploadDocuments();
  const [uploading, setUploading] = useState(0);
  // Several files finish one after another before the form re-renders: each adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: DocumentRecord[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const full = (recordNoun ? existing.length : 0) + value.length >= MAX_FILES;
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
    <div id={id}>
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
        {`PDF, Word, Excel, PowerPoint, ảnh hoặc văn bản; tối đa ${MAX_FILES} tệp ${recordNoun ? `cho mỗi ${recordNoun}` : 'mỗi lần lưu'}.`}
      </Typography.Text>
      <AttachmentRows
        documents={[
          ...existing.map((doc) => ({ doc, action: onRemoveExisting && removeButton(doc, () => onRemoveExisting(doc)) })),
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
