/**
 * The door scanner's service worker (registered by src/client/checkin/doorWorker.ts with scope /checkin): after
 * the first load the scanner opens with no signal. Hand-written, no library. It keeps:
 * - the page (/checkin): network first, the kept copy when offline;
 * - the build's hashed files (/assets/…): the ones the page names in a `cache` message, then cache first
 *   (a hashed name never changes content); files of an older build are dropped when the page names a new set.
 * Never the API: every /api/ call goes to the network (the scanner queues its scans in IndexedDB itself).
 */
const CACHE = 'checkin-v1';
const SHELL = ['/checkin', '/checkin.webmanifest', '/favicon.svg'];

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
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache' || !Array.isArray(event.data.urls)) return;
  const wanted = event.data.urls.map((u) => new URL(u, self.location.href)).filter(isAsset).map((u) => u.href);
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(wanted);
      const keep = new Set(wanted);
      for (const request of await cache.keys()) {
        if (isAsset(new URL(request.url)) && !keep.has(request.url)) await cache.delete(request);
      }
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && url.pathname === '/checkin') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put('/checkin', copy)));
          }
          return response;
        })
        .catch(() => caches.match('/checkin').then((kept) => kept ?? Response.error())),
    );
    return;
  }
  if (isAsset(url) || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok && isAsset(url)) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
