import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/**
 * POST /api/documents (multipart, `files[]`): the files wait, unattached, until the customer is saved with their
 * ids in `attachment_ids`. The type is decided by the server from the content; a refusal shows as a toast.
 */
export async function uploadDocuments(files: File[]): Promise<DocumentRecord[]> {
  const res = await api.upload<{ data: DocumentRecord[] }>('/api/documents', { files });
  return res.data;
}

export function useUploadDocuments() {
  return useMutation({ mutationFn: uploadDocuments });
}
