/* molsearch service worker. Registered as /sw.js?v={build version} at root scope. Hashed build assets are
 * served from a cache named after the version; when a new version activates, every other cache is deleted.
 * A new worker waits until the page asks it to take over (message SKIP_WAITING), so the page can first ask
 * the user "A new version is available. Reload to update?". */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const CACHE = `molsearch-assets-${VERSION}`;

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only the content-hashed build files are cached; pages and API answers always come from the network.
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
