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

  function started() { return !!(window.cfgiWeb && window.cfgiWeb.started); }

  // `hint`: what to do, in place of the default (a browser with WebAssembly and WebGL 2).
  function fail(reason, hint) {
    if (failed) return;
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

  // Nothing to run on: say so at once rather than failing somewhere inside the runtime. Only the
  // API is looked for here: a probe context (getContext('webgl2') on a canvas of its own) cost
  // 15-41 ms of this script in a fresh load's trace (6 Dec), before the app could start; a browser
  // that has the API but cannot create a context (hardware acceleration off) is told so by the app,
  // whose own context creation fails (platform_web.cpp, cfgi_js_fail).
  const missing = typeof WebAssembly !== 'object' ? 'This browser has no WebAssembly.'
                : typeof WebGL2RenderingContext !== 'function' ? 'This browser has no WebGL 2.' : null;
  if (missing) fail(missing);

  // The .wasm is compiled while it downloads, from here (the page's third script) on, and not from
  // index.js, which start.js loads last: the runtime's own streaming compile began only once
  // index.js ran, after the whole file had arrived (6 Dec trace: the .wasm in at 0.34 s, its
  // compile 0.36-0.40 s, main() at 0.45 s). The runtime takes the compiled module through
  // Module.instantiateWasm below. A host that serves .wasm under another Content-Type (streaming
  // compilation requires application/wasm) gets the file compiled from its bytes instead.
  function compileWasm() {
    const download = (reason) => new Error(`Could not download index.wasm: ${reason}.`);
    return fetch('index.wasm', { credentials: 'same-origin' }).catch((e) => { throw download((e && e.message) || e); }).then((r) => {
      if (!r.ok) throw download(`HTTP ${r.status}${r.statusText ? ' ' + r.statusText : ''}`);
      const type = (r.headers.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
      if (typeof WebAssembly.compileStreaming === 'function' && type === 'application/wasm') return WebAssembly.compileStreaming(r);
      return r.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
    });
  }
  const wasmModule = missing ? null : compileWasm();
  if (wasmModule) wasmModule.catch(() => {});  // reported when the runtime asks for it

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
    // emscripten's hook for a module compiled elsewhere: instantiate the one compiled above.
    instantiateWasm: (imports, receiveInstance) => {
      if (!wasmModule) return {};  // nothing to run on: the failure is shown already
      // The marks: web/tests/first-frame.mjs reports them (docs/web.md, the first frame's stages).
      wasmModule.then((module) => {
        performance.mark('cfgi-wasm-compiled');
        return WebAssembly.instantiate(module, imports).then((instance) => {
          performance.mark('cfgi-wasm-instantiated');
          receiveInstance(instance, module);
        });
      })
        .catch((e) => fail(/^Could not download/.test(e && e.message) ? e.message
                                                                       : 'The app stopped while loading: ' + ((e && e.message) || e)));
      return {};
    },
    onRuntimeInitialized: () => {
      performance.mark('cfgi-runtime-initialized');  // the first-frame test's breakdown
      lockConnections();
      progress(1, 'Starting…');
    },
    onAbort: (what) => fail((started() ? 'The app stopped: ' : 'The app stopped while loading: ') + what),
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
