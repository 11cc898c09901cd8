// The large samples fetched when opened: the build leaves the samples over
// CFGI_WEB_SAMPLE_BUNDLE_MAX (the generated large-mesh and prefix-100k, 6.6 MB) out of index.data,
// which the page loads before the app starts, and copies them to samples/ beside the page
// (cmake/web_samples.cmake). The bundle holds their list, /web/remote-samples.json:
//   {files: {"/samples/policy/large-mesh.yaml": {url, size, sha256}},
//    needs: {"/samples/policy/large-mesh.scenario.yaml": ["/samples/policy/large-mesh.yaml"]}}
// The app asks before it reads paths (platform::FetchBeforeOpen -> fetchFor): the files they are
// or need that are not in the module's file system yet are fetched from the page's own origin
// (the only connection the page's policy allows after start, js/loader.js), with the download's
// progress in a notice, checked against their SHA-256, written to the file system, and the app is
// told (cfgi_web_fetched). A failure says why in the notice, with Retry. The service worker
// (sw.js) caches a sample once fetched, so it opens offline afterwards.
//   cfgiSamples.fetchFor(paths)  0 when nothing is to be fetched, else the id cfgi_web_fetched gets
//   cfgiSamples.list()           the manifest above
//   cfgiSamples.log              [{path, ok, ms, bytes, error}] of every download (tests)
'use strict';

(function () {
  const STALL_MS = 30000;  // a download that receives nothing for this long is given up
  let manifest = null;
  let serial = 0;
  const inFlight = new Map();  // path -> Promise of the download
  const log = [];

  function list() {
    if (manifest) return manifest;
    try {
      manifest = JSON.parse(window.Module.FS.readFile('/web/remote-samples.json', { encoding: 'utf8' }));
    } catch (e) {
      manifest = { files: {}, needs: {} };  // a build that bundles every sample
    }
    return manifest;
  }

  function present(path) {
    try { return window.Module.FS.analyzePath(path).exists; } catch (e) { return false; }
  }

  function mb(n) { return (n / 1e6).toFixed(1) + ' MB'; }
  function base(path) { return path.split('/').pop(); }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  // One file: fetched with a stall timeout, its progress shown, checked, written to the FS.
  async function download(path, entry, progress) {
    const started = performance.now();
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(), STALL_MS);
    const stall = () => { clearTimeout(timer); timer = setTimeout(() => abort.abort(), STALL_MS); };
    try {
      let response;
      try {
        response = await fetch(entry.url + '?sha256=' + entry.sha256, { credentials: 'same-origin', signal: abort.signal });
      } catch (e) {
        if (abort.signal.aborted) throw new Error(`no answer from the site within ${STALL_MS / 1000} s`);
        throw new Error(navigator.onLine === false ? 'this browser is offline and the sample was never opened here before'
                                                   : 'the site cannot be reached (' + ((e && e.message) || e) + ')');
      }
      if (!response.ok) throw new Error(`the site answered HTTP ${response.status}${response.statusText ? ' ' + response.statusText : ''}`);
      const body = new Uint8Array(entry.size);
      let got = 0;
      const reader = response.body.getReader();
      for (;;) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (e) {
          if (abort.signal.aborted) throw new Error(`the download stalled for ${STALL_MS / 1000} s`);
          throw new Error('the download broke off (' + ((e && e.message) || e) + ')');
        }
        if (chunk.done) break;
        stall();
        if (got + chunk.value.length > body.length) throw new Error(`the site sent more than the build's ${entry.size} bytes: the site was updated, reload the page`);
        body.set(chunk.value, got);
        got += chunk.value.length;
        progress(got);
      }
      if (got !== entry.size) throw new Error(`the site sent ${got} of the build's ${entry.size} bytes: the site was updated, reload the page`);
      if (window.crypto && crypto.subtle) {  // only in a secure context (https, localhost)
        const sha = hex(await crypto.subtle.digest('SHA-256', body));
        if (sha !== entry.sha256) throw new Error('its SHA-256 is not the build\'s: the site was updated since this page loaded, reload the page');
      }
      const FS = window.Module.FS;
      FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
      FS.writeFile(path, body);
      log.push({ path, ok: true, ms: performance.now() - started, bytes: got });
    } catch (e) {
      log.push({ path, ok: false, ms: performance.now() - started, bytes: 0, error: e.message });
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  function fetchFor(paths) {
    const m = list();
    const wanted = [];
    for (const p of paths) {
      if (!p) continue;
      for (const f of (m.needs[p] || []).concat(m.files[p] ? [p] : []))
        if (!wanted.includes(f) && !present(f)) wanted.push(f);
    }
    if (!wanted.length) return 0;
    const id = ++serial;
    // What Retry opens again: the scenarios asked for, or the samples themselves.
    const reopen = paths.filter((p) => m.needs[p]);
    for (const f of wanted) if (!reopen.some((p) => m.needs[p].includes(f)) && paths.includes(f)) reopen.push(f);
    run(id, wanted, reopen);
    return id;
  }

  async function run(id, wanted, reopen) {
    const m = list();
    const total = wanted.reduce((n, f) => n + m.files[f].size, 0);
    const names = wanted.map(base).join(', ');
    let done = 0;
    const show = (got) => window.cfgiNotice.show('samples', `Downloading the sample ${names}: ${mb(done + got)} of ${mb(total)}…`);
    show(0);
    let ok = true;
    try {
      for (const f of wanted) {
        if (!inFlight.has(f)) inFlight.set(f, download(f, m.files[f], show).finally(() => inFlight.delete(f)));
        await inFlight.get(f);
        done += m.files[f].size;
      }
      window.cfgiNotice.clear('samples');
    } catch (e) {
      ok = false;
      window.cfgiNotice.show('samples', `Could not download the sample ${names}: ${e.message}.`, [
        { label: 'Retry', action() {
          window.cfgiNotice.clear('samples');
          for (const p of reopen) window.cfgiWeb.callWithText('cfgi_web_step', 'open=' + p);
        } },
        { label: 'Dismiss', action() { window.cfgiNotice.clear('samples'); } },
      ]);
    }
    window.Module.ccall('cfgi_web_fetched', null, ['number', 'number'], [id, ok ? 1 : 0]);
  }

  window.cfgiSamples = { fetchFor, list, log };
})();
