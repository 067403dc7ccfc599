// The service worker of the installable app. Built by ./service-worker-plugin.ts into the web build's /sw.js, which
// puts the build's version and file list in front of this file (self.__QLCV_SW__).
//
// What it keeps: the files of the version being served (the shell, the entry, every route chunk, the icons and the
// offline page), in one cache named after the build. What it never keeps: /api/* (every answer there is personal:
// records, files, exports, the profile), /socket.io, and anything from another origin.
/// <reference lib="webworker" />

/** @type {{ version: string, files: string[] }} */
const BUILD = self.__QLCV_SW__;
const PREFIX = 'qlcv-';
const CACHE = `${PREFIX}${BUILD.version}`;
const SHELL = '/index.html';
const OFFLINE = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/** Paths whose answers carry personal data or are live: never cached, never answered from a cache. */
function isPrivate(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
  // Chromium 123+: the app's API calls go straight to the network without waking this worker at all (no delay
  // added to any call, and nothing here could ever see them). Navigations to /api (a download) still come here, for
  // the offline page. Other browsers send them to the fetch handler below, which lets them through untouched.
  if (typeof event.addRoutes === 'function' && typeof URLPattern === 'function') {
    const direct = (pathname) => ({
      condition: { urlPattern: new URLPattern({ pathname }), requestMode: 'cors' },
      source: 'network',
    });
    event.waitUntil(event.addRoutes([direct('/api/*'), direct('/socket.io/*')]).catch(() => {}));
  }
  // No skipWaiting here: a new version waits until the person chooses "Tải lại" (the page sends SKIP_WAITING).
});

/** How many files the install fetches at once: the open page keeps the rest of the browser's six connections. */
const PRECACHE_PARALLEL = 3;

/**
 * The build's files into this version's cache. A hashed file (/assets/…) already kept by an older version is copied
 * from there, so an update downloads only what changed; the rest come from the server, never from the HTTP cache
 * (`reload`: index.html of an older build). Any failure fails the install, and the version in use stays.
 */
async function precache() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const queue = [...BUILD.files];
  const next = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      let response;
      if (file.startsWith('/assets/')) {
        for (const name of older) {
          response = await (await caches.open(name)).match(file);
          if (response) break;
        }
      }
      response ??= await fetch(new Request(file, { cache: 'reload' }));
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      await cache.put(file, response);
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_PARALLEL }, next));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      // The navigation's request starts while the worker wakes up, instead of after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // The first visit's page is controlled at once, so it works offline without a second visit.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
  else if (event.data?.type === 'VERSION') event.ports[0]?.postMessage(BUILD.version);
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event, url));
    return;
  }
  if (isPrivate(url)) return;
  event.respondWith(fromCacheFirst(request, url));
});

/**
 * A page: the network first (a new build's index.html, the server's redirects); without a network, the cached shell
 * for the app's own pages, else the offline page. /api navigations (a download, an export) are never cached.
 */
async function navigate(event, url) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    const cache = await caches.open(CACHE);
    const fallback = (!isPrivate(url) && (await cache.match(SHELL))) || (await cache.match(OFFLINE));
    if (fallback) return fallback;
    throw error;
  }
}

/** Built files: the cache of this version first; a hashed asset fetched for the first time joins it. */
async function fromCacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  // Only the build's own hashed files (immutable); nothing else is kept at run time.
  if (response.ok && response.type === 'basic' && url.pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone());
  }
  return response;
}

// Web Push: the server's payload is JSON {title, body, url, tag} (the record's page in the app).
self.addEventListener('push', (event) => {
  /** @type {{ title?: string, body?: string, url?: string, tag?: string }} */
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data?.text() };
  }
  const title = payload.title || 'QLCV';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body ?? '',
      tag: payload.tag || undefined,
      data: { url: sameOriginUrl(payload.url) },
      icon: ICON,
      badge: BADGE,
      lang: 'vi',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      // A window of the app on another page is brought to the front and sent to the record (only a window this
      // worker controls can be navigated; otherwise a new one opens).
      const any = windows.find((client) => client.type === 'window' && 'navigate' in client);
      if (any) {
        try {
          const focused = await any.focus();
          if (await focused.navigate(target)) return;
        } catch {
          // Not controlled, or closed meanwhile: a new window below.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});

/** A link from a payload as a whole address on this origin; anything else (another site, junk) opens the app. */
function sameOriginUrl(value) {
  try {
    const url = new URL(value || '/admin', self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {}
  return new URL('/admin', self.location.origin).href;
}
