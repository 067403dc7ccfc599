import { redirect } from 'react-router';
import { hideLoading, showLoading } from '@/lib/app-state';
import { authState, clearAuth, loadProfile } from '@/lib/auth/auth-store';
import { rememberIntendedPath } from '@/lib/auth/intended-path';
import { getToken } from '@/lib/auth/token';
import { type Middleware, type RouteDef, routeAllows, urlFor } from '@/lib/routes';

/** Seed §2/§9: the profile overlay hides 1000 ms after the profile has loaded. */
export const PROFILE_OVERLAY_HIDE_DELAY_MS = 1000;

interface Context {
  route: RouteDef;
  url: URL;
}

type Step = (ctx: Context) => Promise<void> | void;

const steps: Record<Middleware, Step> = {
  /** Auth pages: a signed-in user goes to the root path. */
  guest() {
    if (getToken()) throw redirect(urlFor('root'));
  },

  /** Admin pages: guests go to login; a token without a profile loads it under the overlay. */
  async auth({ url }) {
    if (!getToken()) {
      rememberIntendedPath(url.pathname + url.search);
      throw redirect(urlFor('auth.login'));
    }
    if (authState.get().user) return;
    showLoading();
    try {
      await loadProfile();
      hideLoading(PROFILE_OVERLAY_HIDE_DELAY_MS);
    } catch {
      hideLoading(0);
      clearAuth();
      throw redirect(urlFor('auth.login'));
    }
  },

  /** Any-of permission check (or an audience the route admits); failing sends to the route named error.403. */
  permission({ route }) {
    const { permissions, user } = authState.get();
    if (!routeAllows(route, permissions, user)) throw redirect(urlFor('error.403'));
  },
};

/** Runs a route's middleware chain in order; a step stops navigation by throwing a redirect. */
export async function runMiddleware(route: RouteDef, request: Request): Promise<null> {
  const ctx = { route, url: new URL(request.url) };
  for (const name of route.middleware) await steps[name](ctx);
  return null;
}
