import type { Paginated } from '@qlcv/common/schemas/common';
import type { WorkComment } from '@qlcv/common/schemas/works';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/works/:id/comments → the comments, oldest first. */
export function getComments(workId: number): Promise<Paginated<WorkComment>> {
  return api.get<Paginated<WorkComment>>(`/api/works/${workId}/comments`, {
    params: { per_page: 100, sort: 'created_at' },
    display: 'ignore',
  });
}

export function useComments(workId: number) {
  return useQuery({ queryKey: queryKeys.works.comments(workId), queryFn: () => getComments(workId), enabled: workId > 0 });
}

/** POST /api/works/:id/comments `{ body }` → the new comment. */
export function addComment(workId: number, body: string): Promise<WorkComment> {
  return api.post<WorkComment>(`/api/works/${workId}/comments`, { body }, { display: 'ignore' });
}

export function useAddComment(workId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(workId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.works.comments(workId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.works.detail(workId) }),
      ]),
  });
}
