import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/requester';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/departments/:id; a refusal (children, staff) comes back as a toast with the server's message. */
export function deleteDepartment(id: number): Promise<void> {
  return api.delete<void>(`/api/departments/${id}`);
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.departments.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.departments.all });
    },
  });
}
