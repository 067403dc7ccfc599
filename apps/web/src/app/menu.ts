import {
  MENU_GROUPS,
  MENU_ROUTES,
  type MenuGroupDef,
  type RouteDef,
  type RouteViewer,
  routeAllows,
  routeTrail,
} from '@/lib/routes';

export interface MenuSection {
  group: MenuGroupDef;
  routes: RouteDef[];
}

/** The sidebar: visible routes the user may open (as the guard decides), by group, empty groups left out. */
export function buildMenu(permissions: readonly string[], user: RouteViewer | null = null): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    group,
    routes: MENU_ROUTES.filter((r) => r.group === group.key && routeAllows(r, permissions, user)),
  })).filter((s) => s.routes.length > 0);
}

/** The menu entry to highlight for a route: itself or its nearest ancestor in the menu. */
export function menuRouteFor(name: string): RouteDef | undefined {
  const trail = routeTrail(name);
  for (let i = trail.length - 1; i >= 0; i--) if (MENU_ROUTES.includes(trail[i]!)) return trail[i];
  return undefined;
}
