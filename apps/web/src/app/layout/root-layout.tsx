import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { type Breadcrumb, setBreadcrumbs } from '@/lib/app-state';
import { hideAlert } from '@/lib/notify/alert-state';
import { routeTrail, urlFor } from '@/lib/routes';
import { useCurrentRoute } from './use-current-route';

export const APP_TITLE = 'Quan trắc & Kỹ thuật';

/** Wraps every page: scroll to top, breadcrumbs and title from the route table, a progress bar while navigating. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { route, params } = useCurrentRoute();

  // Seed §2: scroll resets to the top on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  // A page's alert belongs to that page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    hideAlert();
  }, [location.pathname]);

  // Breadcrumbs: the ancestors' labels, then the page's own.
  useEffect(() => {
    if (!route) return;
    const trail = routeTrail(route.name);
    const crumbs: Breadcrumb[] = trail.map((r, i) => {
      const last = i === trail.length - 1;
      const needsParams = /:\w+/.test(r.path);
      const canLink = !last && !r.redirect && (!needsParams || r.path.match(/:(\w+)/g)!.every((p) => params[p.slice(1)]));
      return { label: r.label, to: canLink ? urlFor(r.name, params) : undefined };
    });
    setBreadcrumbs(crumbs);
    document.title = route.name === 'root' ? APP_TITLE : `${route.label} | ${APP_TITLE}`;
  }, [route, params]);

  return (
    <>
      {navigation.state !== 'idle' && <div className="qlcv-progress" role="progressbar" aria-label="Đang tải trang" />}
      <Outlet />
    </>
  );
}
