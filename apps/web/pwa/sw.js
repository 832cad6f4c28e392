/*
 * The portal's service worker (apps/web/src/app/pwa.ts registers it in production builds). The build
 * (vite.config.ts, serviceWorker) puts SHELL — the entry page and the files of its first load — and
 * VERSION before this text. Strategy:
 * - the API and every other server-owned path: not handled (the network, never cached);
 * - page navigations: the network first, the cached shell when offline;
 * - hashed build assets (/assets/…): the cache first, stored on first use (they never change).
 * A new build has a new VERSION: its install caches the new shell, activation drops the old caches.
 */
/* global self, caches, VERSION, SHELL */
const CACHE = `portal-shell-${VERSION}`;
const SERVER_OWNED = /^\/(site|fd|act|stream|dev|seamless|sandbox|docs|healthz|game-art|brand-art|game\/api)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('portal-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || SERVER_OWNED.test(url.pathname) || url.pathname === '/manifest.webmanifest') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/').then((shell) => shell || Response.error())));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
