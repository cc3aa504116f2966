// The survey's service worker: /quiz-survey/sw.js, scope /quiz-survey/ (served no-cache by the API's static/spa.ts),
// registered by src/mount.tsx once a survey link has painted. It keeps the app's shell — index.html and the start-up
// scripts, listed at build time by vite.config.ts — so that a survey link opened without a connection, even one never
// opened on this phone, shows the offline screen (src/OfflineShell.tsx) in the professional's look instead of the
// browser's error page, and opens the questionnaire when the connection returns.
//
// Pages always come from the network first (they carry her brand, fresh): the shell answers only a page the network
// could not give. The shell's content-hashed scripts come from the cache (they never change). Nothing else is
// cached or even touched: no API answer, no photo, no other page.

/** `{ version, files }`: written in by the build. */
const SHELL = __SURVEY_SHELL__;
const PREFIX = 'acompanha-survey-';
const CACHE = PREFIX + SHELL.version;
const BASE = '/quiz-survey/';
const INDEX = `${BASE}index.html`;
const FILES = new Set(SHELL.files.map((file) => BASE + file));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([new Request(INDEX, { cache: 'no-cache' }), ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      // The page's request leaves while this worker wakes up: a survey link opens no later than without it.
      await self.registration.navigationPreload?.enable();
    })(),
  );
});

/** index.html marked as the offline shell (`#acompanha-offline`: src/mount.tsx shows the offline screen). */
async function offlineShell() {
  const cached = await caches.match(INDEX, { cacheName: CACHE });
  if (!cached) return Response.error();
  const html = await cached.text();
  // The server's headers (its Content-Security-Policy among them), but not those of the bytes it sent.
  const headers = new Headers(cached.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(
    html.replace('</head>', '<script id="acompanha-offline" type="application/json">true</script></head>'),
    { status: 200, headers },
  );
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) ?? (await fetch(request));
        } catch {
          return offlineShell();
        }
      })(),
    );
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && FILES.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
  }
});
