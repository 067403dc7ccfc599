import { PaperClipOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { formatFileSize } from '@qlcv/common/format/file-size';
import { DOCUMENT_TYPES, type DocumentRecord } from '@qlcv/common/schemas/documents';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDownloadDocument } from './documents-api';

export interface AttachmentRow {
  doc: DocumentRecord;
  note?: string;
  action?: ReactNode;
}

const typeLabel = (mime: string) => DOCUMENT_TYPES[mime as keyof typeof DOCUMENT_TYPES]?.label ?? mime;

/** Files: the name downloads the file; type, size, date; an action on the right. */
export function AttachmentRows({ documents, label = 'Tệp đính kèm' }: { documents: AttachmentRow[]; label?: string }) {
  const download = useDownloadDocument();
  if (documents.length === 0) return null;
  return (
    <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }} aria-label={label}>
      {documents.map(({ doc, note, action }) => (
        <li
          key={doc.id}
          data-testid="attachment"
          style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          <PaperClipOutlined style={{ color: '#8c8c8c' }} />
          <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', justifyContent: 'flex-start', whiteSpace: 'normal', textAlign: 'start' }}
              onClick={() => download.mutate(doc)}
            >
              {doc.original_name}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[typeLabel(doc.mime), formatFileSize(doc.size), note ?? formatDateTime(doc.created_at)].join(' · ')}
            </Typography.Text>
          </span>
          {action}
        </li>
      ))}
    </ul>
  );
}
