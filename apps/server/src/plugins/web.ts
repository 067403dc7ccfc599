import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app at `/`; every other non-/api GET falls back to index.html so the SPA's router decides.
 * Unknown /api paths answer the JSON 404 body.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string }) => {
  const root = opts.webDist ? path.resolve(opts.webDist) : undefined;
  const hasWeb = Boolean(root && existsSync(path.join(root, 'index.html')));
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      // One route for every file (a route per file cost ≈ 0.1–0.3 s of the cold start for ~330 files).
      wildcard: true,
      index: 'index.html',
      // Content types come from the file name: sw.js as JavaScript (a worker served as anything else is refused),
      // manifest.webmanifest as application/manifest+json.
      setHeaders(reply, filePath) {
        // Hashed bundles never change. Everything else is asked again each time: index.html; sw.js, whose change is
        // how an open app learns of a new build (browsers also skip their HTTP cache for it after 24 h, not before);
        // the manifest, icons and offline page, whose names carry no hash.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing file (an old bundle after a rebuild) is a 404, never index.html served as JavaScript.
    const isFile = url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url);
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api') && !isFile) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Không tìm thấy đường dẫn.', errors: [], error_code: 'NOT_FOUND' });
  });
});
