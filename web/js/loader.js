// Config Inspector page loader: the emscripten Module object, the loading bar, a clear failure
// message while starting and, after start, an overlay that says the app stopped and what to do,
// and the connection lock (a second Content-Security-Policy whose connect-src is only the site's
// samples/ directory once the .wasm and .data files are in). Loaded first; js/start.js, the last
// script, loads the emscripten runtime (index.js).
'use strict';

(function () {
  const bar = document.getElementById('loading-bar');
  const text = document.getElementById('loading-text');
  const loading = document.getElementById('loading');
  let failed = false;
  let explaining = false;  // a failed .wasm download: its HTTP status is being asked for

  function started() { return !!(window.cfgiWeb && window.cfgiWeb.started); }

  // `hint`: what to do, in place of the default (a browser with WebAssembly and WebGL 2).
  function fail(reason, hint) {
    if (failed || explaining) return;
    if (started()) return stopped(reason);
    failed = true;
    loading.classList.add('hidden');
    document.getElementById('failure-text').textContent = String(reason || 'unknown error');
    if (hint) document.getElementById('failure-hint').textContent = hint;
    document.getElementById('failure').classList.remove('hidden');
    if (window.cfgiWeb) window.cfgiWeb.failed(String(reason));
  }

  // An error after the first frame: the app may be stopped (a trap or an abort ends its frame
  // loop) or in a state no one can trust, so the page says so instead of leaving a frozen canvas,
  // says what was saved, and offers a reload, which reopens the saved session.
  function stopped(reason) {
    if (failed) return;
    failed = true;
    const status = window.cfgiStore ? window.cfgiStore.status() : { failure: 'no store' };
    const saved = status.failure
      ? 'Your latest changes could not be saved (' + status.failure + '): what was saved before them reopens on reload.'
      : status.saved_at ? 'Your documents were last saved at ' + new Date(status.saved_at).toLocaleTimeString() + ' and reopen when you reload.'
                        : 'The documents saved in this browser reopen when you reload.';
    document.getElementById('failure-title').textContent = 'Config Inspector stopped';
    document.getElementById('failure-text').textContent = String(reason || 'unknown error');
    document.getElementById('failure-hint').textContent = saved +
      ' If it stops again at the same point, please report the message above with what you did (File > Copy link gives the documents, if the app still answers).';
    document.getElementById('failure-actions').classList.remove('hidden');
    document.getElementById('failure').classList.remove('hidden');
  }
  document.getElementById('failure-reload').addEventListener('click', () => location.reload());

  function progress(fraction, message) {
    bar.style.width = Math.round(Math.max(0, Math.min(1, fraction)) * 100) + '%';
    if (message) text.textContent = message;
  }

  // Nothing to run on: say so at once rather than failing somewhere inside the runtime.
  if (typeof WebAssembly !== 'object') {
    fail('This browser has no WebAssembly.');
  } else {
    const probe = document.createElement('canvas');
    if (!probe.getContext('webgl2')) fail('This browser cannot create a WebGL 2 context (is hardware acceleration off?).');
  }

  // After loading, no connection but to the site's own samples/ directory (the large samples are
  // fetched from there when opened, js/samples.js): CSP policies add up, so this one narrows
  // connect-src from the page's 'self' to that one directory of the same origin (a source with a
  // path ending in '/' matches the files under it). Nothing is ever sent anywhere else.
  function lockConnections() {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    const samples = new URL('samples/', location.href);
    meta.content = `connect-src ${samples.origin}${samples.pathname}; form-action 'none'`;
    document.head.appendChild(meta);
  }

  let totalDeps = 0;
  window.Module = {
    canvas: document.getElementById('canvas'),
    noExitRuntime: true,
    print: (s) => console.log(s),
    printErr: (s) => console.warn(s),
    setStatus: (s) => {
      if (!s) return;
      // emscripten reports "Downloading data... (loaded/total)".
      const m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(s);
      if (m) progress(0.1 + 0.8 * (Number(m[1]) / Number(m[2])), 'Loading samples and fonts…');
      else if (/^Running/.test(s)) progress(0.95, 'Starting…');
    },
    monitorRunDependencies: (left) => {
      totalDeps = Math.max(totalDeps, left);
      if (totalDeps > 0) progress(0.1 + 0.85 * (totalDeps - left) / totalDeps, left ? 'Loading…' : 'Starting…');
    },
    preRun: [() => {
      progress(0.05, 'Compiling…');
      // main() reads the settings synchronously: the store (IndexedDB, js/store.js) first.
      window.Module.addRunDependency('cfgi-store');
      window.cfgiStore.ready.then(() => window.Module.removeRunDependency('cfgi-store'));
    }],
    onRuntimeInitialized: () => {
      performance.mark('cfgi-runtime-initialized');  // the first-frame test's breakdown
      lockConnections();
      progress(1, 'Starting…');
    },
    onAbort: (what) => {
      // emscripten only says "both async and sync fetching of the wasm failed": ask the server
      // what it answered, so the message names the file and the HTTP status.
      if (!/fetching of the wasm failed/.test(String(what))) return fail((started() ? 'The app stopped: ' : 'The app stopped while loading: ') + what);
      if (failed || explaining) return;
      explaining = true;
      const explained = (reason) => { explaining = false; fail(reason); };
      fetch('index.wasm', { method: 'HEAD', credentials: 'same-origin' })
        .then((r) => explained(r.ok ? 'The app stopped while loading: ' + what
                                    : `Could not download index.wasm: HTTP ${r.status}${r.statusText ? ' ' + r.statusText : ''}.`))
        .catch((e) => explained('Could not download index.wasm: ' + ((e && e.message) || e) + '.'));
    },
  };

  // Errors before the first frame mean the app never came up; after it, that it stopped.
  window.addEventListener('error', (e) => fail(e.message || 'script error'));
  window.addEventListener('unhandledrejection', (e) => fail((e.reason && e.reason.message) || String(e.reason)));

  // Called by io.js on the first frame the app drew.
  window.cfgiLoader = {
    fail,
    stopped,
    progress,
    done: () => loading.classList.add('hidden'),
  };
})();
