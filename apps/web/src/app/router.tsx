import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { installSessionExpiry } from '@/lib/auth/auth-store';
import { getToken } from '@/lib/auth/token';
import { type Layout, ROUTES, type RouteDef, type RouteHandle, urlFor } from '@/lib/routes';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error-boundary';
import { runMiddleware } from './middleware';
import { ROUTE_PAGES, UNAVAILABLE_PAGE } from './route-pages';
import { ROUTE_PREFETCH } from './route-prefetch';

function toRouteObject(def: RouteDef): RouteObject {
  const handle: RouteHandle = { route: def };
  if (def.redirect) {
    const target = def.redirect;
    return { id: def.name, path: def.path, handle, loader: () => redirect(urlFor(target)) };
  }
  const page = ROUTE_PAGES[def.name] ?? UNAVAILABLE_PAGE;
  const prefetch = ROUTE_PREFETCH[def.name];
  return {
    id: def.name,
    path: def.path,
    handle,
    loader: async ({ request }) => {
      // The guards first: a page that ends in 403 or at login asks for none of its data. Then its first data, while
      // its code still loads (`lazy` runs beside the loader): on a first load that starts once the profile is in.
      const result = await runMiddleware(def, request);
      if (prefetch && getToken()) void prefetch(new URL(request.url));
      return result;
    },
    lazy: async () => ({ Component: (await page()).default }),
  };
}

const layouts: Record<Exclude<Layout, 'bare'>, RouteObject['lazy']> = {
  auth: async () => ({ Component: (await import('./layout/auth-layout')).AuthLayout }),
  admin: async () => ({ Component: (await import('./layout/admin-layout')).AdminLayout }),
  public: async () => ({ Component: (await import('./layout/public-layout')).PublicLayout }),
};

const of = (layout: Layout) => ROUTES.filter((r) => r.layout === layout).map(toRouteObject);

// Pages of plain HTML: they never load Ant Design (issue 13: the sign-in page at most 200 KB of JavaScript).
const PLAIN_PAGES = new Set(['auth.login']);
const withAntd: RouteObject['lazy'] = async () => ({ Component: (await import('./layout/antd-outlet')).AntdOutlet });

export const router = createBrowserRouter([
  {
    id: 'app',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: () => null,
    children: [
      {
        id: 'layout.auth',
        lazy: layouts.auth,
        children: [
          ...of('auth').filter((r) => PLAIN_PAGES.has(r.id!)),
          { id: 'antd.auth', lazy: withAntd, children: of('auth').filter((r) => !PLAIN_PAGES.has(r.id!)) },
        ],
      },
      {
        id: 'antd',
        lazy: withAntd,
        children: [
          { id: 'layout.public', lazy: layouts.public, children: of('public') },
          { id: 'layout.admin', lazy: layouts.admin, children: of('admin') },
          ...of('bare'),
        ],
      },
    ],
  },
]);

// A 401 on a signed-in call: clear the session and go to login.
installSessionExpiry(() => {
  void router.navigate(urlFor('auth.login'), { replace: true });
});
