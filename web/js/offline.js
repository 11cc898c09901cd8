// Offline: registers the service worker (sw.js at the site's root, written by the build from
// web/js/sw.js) once the app has drawn its first frame, so its download of the site's files never
// competes with the first start. After that one visit the app opens with no network.
//   await cfgiOffline.ready      {cache, version, build, files, stored, complete} once the files
//                                are cached and the worker is active (never resolves where
//                                service workers are unavailable: see cfgiOffline.supported)
//   cfgiOffline.supported        false on plain http:// (not localhost) and in private modes
//                                that refuse service workers; the app works, only not offline
'use strict';

(function () {
  const supported = 'serviceWorker' in navigator && window.isSecureContext;
  let resolveReady;
  const ready = new Promise((r) => { resolveReady = r; });

  // The active worker's answer about its cache.
  function ask(worker) {
    return new Promise((resolve) => {
      const onMessage = (e) => {
        if (!e.data || e.data.type !== 'cfgi-offline-status') return;
        navigator.serviceWorker.removeEventListener('message', onMessage);
        resolve(e.data);
      };
      navigator.serviceWorker.addEventListener('message', onMessage);
      worker.postMessage('cfgi-offline-status');
    });
  }

  async function register() {
    try {
      await navigator.serviceWorker.register('sw.js', { scope: './' });
      const registration = await navigator.serviceWorker.ready;  // installed (files cached) and active
      resolveReady(await ask(registration.active));
    } catch (e) {
      // Not an error of the app: it runs, it only does not work offline. Say so in the console.
      console.warn('Offline use is not available: ' + ((e && e.message) || e));
    }
  }

  // The worker's answer now (lazy: which of the samples fetched when opened it has cached).
  async function status() { return ask((await navigator.serviceWorker.ready).active); }

  window.cfgiOffline = { supported, ready, status };
  if (!supported) return;
  const start = () => (window.configInspector ? window.configInspector.ready : Promise.resolve()).then(register, () => {});
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);
})();
