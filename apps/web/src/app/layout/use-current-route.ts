import { useMatches } from 'react-router';
import type { RouteDef, RouteHandle } from '@/lib/routes';

/** The deepest matched route of the table, with its params. */
export function useCurrentRoute(): { route: RouteDef | null; params: Record<string, string | undefined> } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.route) return { route: handle.route, params: match.params };
  }
  return { route: null, params: {} };
}
