// The service worker: after one visit the app opens with no network. This file is a template:
// the build (cmake/web_offline.cmake) writes it to the site's root as sw.js (a worker controls
// the pages under its own directory, so it cannot live in js/) with BUILD filled in: the app's
// version (the CMake project version, the one the About box shows), a build id (a hash of every
// file's SHA-256) and each file of the site with its SHA-256.
//
// install:  every file is fetched (revalidated with the server, not taken from the HTTP cache),
//           checked against its SHA-256 (a file half-deployed or from another build fails the
//           install, which the browser retries on the next visit) and stored in the cache
//           `config-inspector-<version>-<build>`;
// activate: every other `config-inspector-*` cache (older builds) is deleted and the open pages
//           are taken over, so the next load runs from the cache;
// fetch:    a GET for one of the site's files (the site's root is index.html) is answered from
//           the cache, else from the network; nothing else is cached. The cache holds one build
//           as a whole, so a page never mixes the files of two builds.
// lazy:     the large samples (`lazy: true`) are not fetched at install: the page fetches one when
//           it is opened (js/samples.js, its URL carrying `?sha256=` of the build the page runs);
//           the worker answers from the cache, else fetches it, checks its SHA-256 and caches it,
//           so a sample opened once opens offline. A request for another build's file (an open page
//           older than the worker) goes to the network uncached, and the page checks the digest.
// headers: every response it gives for the site's files carries Cross-Origin-Opener-Policy:
//           same-origin, Cross-Origin-Embedder-Policy: require-corp and Cross-Origin-Resource-Policy:
//           same-origin, so a page it controls is cross-origin isolated (SharedArrayBuffer: the
//           threaded build needs it, js/start.js) on a host that cannot send those headers itself.
// Modelled on the precache of Workbox (GoogleChrome/workbox packages/workbox-precaching:
// PrecacheController install / activate, revisioned cache entries), without its library.
'use strict';

const BUILD = /*CFGI_BUILD*/ { version: '0', build: 'dev', files: [] };
const PREFIX = 'config-inspector-';
const CACHE = PREFIX + BUILD.version + '-' + BUILD.build;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function precache() {
  const cache = await caches.open(CACHE);
  for (const f of BUILD.files) {
    if (f.lazy) continue;
    const url = new URL(f.path, self.registration.scope).href;
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${f.path}: HTTP ${response.status}`);
    const body = await response.clone().arrayBuffer();
    const sha = hex(await crypto.subtle.digest('SHA-256', body));
    if (sha !== f.sha256) throw new Error(`${f.path}: SHA-256 ${sha}, the build has ${f.sha256}`);
    await cache.put(url, response);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()).catch(async (e) => {
    await caches.delete(CACHE);  // never half a build
    throw e;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The cache key of a request: the site's root and index.html are one file; the query and the
// fragment (a permalink's #s=...) do not name another one.
// The file entry too, and whether the request asks for this build's version of a lazy file.
function key(request) {
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  let rel = url.pathname.slice(scope.pathname.length);
  if (rel === '') rel = 'index.html';
  const file = BUILD.files.find((f) => f.path === rel);
  if (!file) return null;
  const wanted = url.searchParams.get('sha256');
  return { href: new URL(rel, scope).href, file, thisBuild: !wanted || wanted === file.sha256 };
}

async function fetchLazy(cache, k, request) {
  const response = await fetch(k.href, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) return response;
  const body = await response.clone().arrayBuffer();
  if (hex(await crypto.subtle.digest('SHA-256', body)) === k.file.sha256) await cache.put(k.href, response.clone());
  return response;
}

// The response with the cross-origin isolation headers (the body is streamed, not copied).
function isolated(response) {
  if (!response || response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  const k = key(event.request);
  if (!k) return;  // not ours: the browser's own handling
  if (!k.thisBuild) return;  // another build's file: the network's, never cached
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(k.href);
    if (hit) return isolated(hit);
    return isolated(await (k.file.lazy ? fetchLazy(cache, k, event.request) : fetch(event.request)));
  })());
});

// The page asks which build is cached (web/js/offline.js, the About box, the tests).
self.addEventListener('message', (event) => {
  if (event.data !== 'cfgi-offline-status') return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const keys = (await cache.keys()).map((r) => r.url);
    const scope = self.registration.scope;
    const eager = BUILD.files.filter((f) => !f.lazy);
    const stored = eager.filter((f) => keys.includes(new URL(f.path, scope).href)).length;
    const lazy = BUILD.files.filter((f) => f.lazy).map((f) => ({ path: f.path, stored: keys.includes(new URL(f.path, scope).href) }));
    event.source.postMessage({ type: 'cfgi-offline-status', cache: CACHE, version: BUILD.version, build: BUILD.build,
                               files: eager.length, stored, complete: stored === eager.length, lazy });
  })());
});
