// Starts the runtime (index.js), the page's last script. The threaded build (the app evaluates on a
// worker thread, as the desktop does: app/platform/platform_web.cpp) shares its WebAssembly memory
// between the page and a Web Worker, which browsers allow only to a cross-origin isolated page
// (`self.crossOriginIsolated`: the page was served with `Cross-Origin-Opener-Policy: same-origin`
// and `Cross-Origin-Embedder-Policy: require-corp`). So:
//   - isolated (a host that sends the two headers, or the service worker that adds them: sw.js):
//     index.js is loaded at once;
//   - not isolated but service workers are available (https, localhost): the service worker is
//     registered now (not after the first frame as for offline use: js/offline.js), it caches the
//     site and answers with the headers, and the page reloads once under it. Later visits are
//     isolated from the first request. A page still not isolated after that reload (the browser
//     ignores the worker's headers) gets the failure message, not a reload loop;
//   - neither (plain http:// to another host, a browser that refuses service workers): the failure
//     message says what the host must do.
// The build says whether it has threads: web/shell.html has <meta name="cfgi-threads"> only then.
// The same approach as the coi-serviceworker project (a service worker that adds COOP/COEP), with
// this site's own worker.
'use strict';

(function () {
  const threads = !!document.querySelector('meta[name="cfgi-threads"]');
  const RELOADED = 'cfgi-isolation-reload';
  const INSTALL_MS = 60000;  // the worker downloads the whole site (about 7.7 MB) before it is active

  function loadRuntime() {
    try { sessionStorage.removeItem(RELOADED); } catch (e) { /* storage refused: nothing to clear */ }
    const script = document.createElement('script');
    script.src = 'index.js';
    script.async = true;
    script.onerror = () => window.cfgiLoader.fail('Could not download index.js.');
    document.body.appendChild(script);
  }

  const isolationHelp = 'The app evaluates on a second thread, which the browser allows only to a page served with the headers ' +
    '"Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: require-corp". Serve the site over https (or from ' +
    'localhost), where its service worker adds them, or let the web server send them (docs/web.md, "Hosting the site").';

  async function isolateThenReload() {
    let reloaded = false;
    try { reloaded = sessionStorage.getItem(RELOADED) === '1'; } catch (e) { /* no storage: try once anyway */ }
    if (reloaded) {
      window.cfgiLoader.fail('This page is not cross-origin isolated even under its service worker.', isolationHelp);
      return;
    }
    window.cfgiLoader.progress(0.05, 'Preparing this site for use (once)…');
    // A worker that fails to install (a file of the site missing) turns redundant; a browser that
    // refuses service workers may never answer: either way the page says so, never waits forever.
    // (Each handled here too: one that loses its race must not reach the page's unhandledrejection.)
    const handled = (p) => { p.catch(() => {}); return p; };
    const deadline = (ms, what) => handled(new Promise((resolve, reject) => setTimeout(() => reject(new Error(what)), ms)));
    try {
      const registration = await Promise.race([navigator.serviceWorker.register('sw.js', { scope: './' }),
                                               deadline(INSTALL_MS, 'no answer to its registration')]);
      const failed = handled(new Promise((resolve, reject) => {
        const w = registration.installing || registration.waiting;
        if (w) w.addEventListener('statechange', () => w.state === 'redundant' && reject(new Error('it could not store the site\'s files')));
      }));
      // Installed (the site's files cached) and active.
      await Promise.race([navigator.serviceWorker.ready, failed, deadline(INSTALL_MS, `not active after ${INSTALL_MS / 1000} s`)]);
      if (!navigator.serviceWorker.controller) {
        // Activated, and it claims the open pages (sw.js): wait for this one to be taken over.
        await new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
          setTimeout(resolve, 3000);
        });
      }
    } catch (e) {
      window.cfgiLoader.fail('Could not install the site\'s service worker (' + ((e && e.message) || e) + ').', isolationHelp);
      return;
    }
    try { sessionStorage.setItem(RELOADED, '1'); } catch (e) { /* no storage: a second failure reloads again */ }
    location.reload();
  }

  window.cfgiStart = { threads, isolated: !!self.crossOriginIsolated };
  if (!threads || self.crossOriginIsolated) loadRuntime();
  else if ('serviceWorker' in navigator && window.isSecureContext) isolateThenReload();
  else window.cfgiLoader.fail('This page is served without cross-origin isolation over plain http, where service workers are not available.', isolationHelp);
})();
