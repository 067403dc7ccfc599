import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';

/** POST /api/documents (multipart, `files[]`): stored unattached until the record is saved with their ids. */
export async function uploadDocuments(files: File[]): Promise<DocumentRecord[]> {
  const res = await api.upload<{ data: DocumentRecord[] }>('/api/documents', { files });
  return res.data;
}

export function useUploadDocuments() {
  return useMutation({ mutationFn: uploadDocuments });
}

/** GET the document's `url` with the bearer token, saved under its original name. */
export function downloadDocument(document: Pick<DocumentRecord, 'url' | 'original_name'>): Promise<void> {
  return api.download(document.url, undefined, document.original_name);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}

/** DELETE /api/documents/:id: removes an attachment (the record's `edit` key is needed); a refusal shows as a toast. */
export function deleteDocument(id: number): Promise<void> {
  return api.delete<void>(`/api/documents/${id}`);
}

/** `refresh`: the query of the record whose attachment list changes. */
export function useDeleteDocument(refresh?: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => (refresh ? queryClient.invalidateQueries({ queryKey: refresh }) : undefined),
  });
}
