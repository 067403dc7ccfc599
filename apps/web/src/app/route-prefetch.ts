// The first data a page asks for, fetched by its route's loader beside the profile (GET /api/auth/info) instead
// of after the layout and the page have rendered: one round trip and one render pass less before the first rows.
// Only the plain address is guessed (no query string): the page's own query then finds the data in the cache
// under the same key; any other address lets the page fetch as usual.
// Imported statically: a lazy import would wait for its own chunk behind the page's, which is what this avoids.
import { getUsers } from '@/features/users/api/users-list-api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

type Prefetch = (url: URL) => Promise<unknown> | undefined;

export const ROUTE_PREFETCH: Record<string, Prefetch> = {
  // UserListPage: useListParams({ sort: 'name' }) on an empty query string → page 1, 20 rows, by name.
  'users.index': (url) => {
    if (url.search) return undefined;
    const query = { page: 1, per_page: 20, sort: 'name' };
    return queryClient.prefetchQuery({
      queryKey: queryKeys.users.list(query),
      queryFn: () => getUsers(query),
    });
  },
};
