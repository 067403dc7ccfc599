import { hasAnyPermission, type PermissionKey } from '@qlcv/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/audit';
import { forbidden, unauthenticated } from '../lib/errors';

/** What a route declares: exactly one of these, or the server refuses to boot. */
export interface AccessConfig {
  permission?: readonly PermissionKey[];
  auth?: boolean;
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends AccessConfig {}
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    routeTable: { method: string; url: string; access: string }[];
  }
}

export type Authenticate = (token: string, request: FastifyRequest) => Promise<Actor | null>;

function describeAccess(config: AccessConfig | undefined): string | null {
  if (config?.public) return 'public';
  if (config?.permission?.length) return config.permission.join('|');
  if (config?.auth) return 'auth';
  return null;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{20,200})$/i.exec(header);
  return match?.[1] ?? null;
}

/** Request the actor of a route that demanded one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * Every /api route declares `permission`, `auth` or `public`; the boot fails on one that declares nothing.
 * Each request then authenticates the bearer token and checks the keys (any-of) before its body is even parsed.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { authenticate: Authenticate }) => {
  app.decorate('routeTable', []);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI page and its assets are documentation, open to all.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    const access = describeAccess(route.config as AccessConfig);
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission, auth or public access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api')) return;
    const config = request.routeOptions.config as AccessConfig;
    if (config.public) return;
    const token = bearerToken(request);
    const actor = token ? await opts.authenticate(token, request) : null;
    if (!actor) throw unauthenticated();
    request.actor = actor;
    if (config.permission && !hasAnyPermission(actor.permissions, config.permission)) throw forbidden();
  });
});
