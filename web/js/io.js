// Config Inspector page I/O: file picker, multi-file drag-and-drop, paste, downloads, the OS
// clipboard, the settings store (web/js/store.js), and the browser shortcuts the app binds.
// Files go FileReader -> emscripten FS (/uploads/<name>) -> an EMSCRIPTEN_KEEPALIVE entry point of
// app/platform/platform_web.cpp, which queues them for the app's next frame.
// C++ calls the functions of window.cfgiWeb through EM_JS (platform_web.cpp).
'use strict';

(function () {
  const UPLOAD_DIR = '/uploads';
  let frames = 0;
  const frameWaiters = [];
  let clipboardText = '';
  let uploadSerial = 0;

  function module() { return window.Module; }

  // Calls the entry point `name` with `text` as its first argument (a const char*), copied into
  // the module's heap with malloc, never onto its stack: ccall copies a 'string' argument onto the
  // 5 MB stack, and a 197 KB permalink or a 1.5 MB paste overran it (`memory access out of bounds`).
  // Every entry point that takes text from the page goes through here. `rest` are numbers.
  function callWithText(name, text, ...rest) {
    const M = module();
    const s = String(text);
    const n = M.lengthBytesUTF8(s) + 1;
    const p = M._malloc(n);
    if (!p) throw new Error(`out of memory passing ${n} bytes to ${name}`);
    try {
      M.stringToUTF8(s, p, n);
      return M.ccall(name, null, ['number', ...rest.map(() => 'number')], [p, ...rest]);
    } finally {
      M._free(p);
    }
  }

  // Calls the exported C function `name` (no arguments) that returns a NUL-terminated UTF-8 string
  // and gives it as a JavaScript string. Not ccall's 'string' return: emscripten's UTF8ToString
  // decodes the threaded build's shared memory one byte at a time in JavaScript (TextDecoder takes
  // no SharedArrayBuffer), and the test hook's state() of large-mesh, tens of MB, then ran for
  // minutes while the tab's memory grew by gigabytes. A copy of the bytes goes through TextDecoder.
  function callForText(name) {
    const M = module();
    const p = M.ccall(name, 'number', [], []);
    if (!p) return '';
    const buffer = (M.wasmMemory && M.wasmMemory.buffer) || M.HEAPU8.buffer;
    const heap = new Uint8Array(buffer);
    const end = heap.indexOf(0, p);
    return new TextDecoder().decode(heap.slice(p, end < 0 ? heap.length : end));
  }

  // Writes files into the emscripten FS and returns their paths. A name is reduced to its last
  // path component; a clash with an earlier upload of different content gets a numbered directory.
  function writeUploads(files) {
    const FS = module().FS;
    try { FS.mkdir(UPLOAD_DIR); } catch (e) { /* exists */ }
    const paths = [];
    for (const f of files) {
      const base = String(f.name || 'untitled').split(/[\\/]/).pop() || 'untitled';
      let path = UPLOAD_DIR + '/' + base;
      let exists = false;
      try { FS.stat(path); exists = true; } catch (e) { /* new */ }
      if (exists) {
        const dir = UPLOAD_DIR + '/' + (++uploadSerial);
        try { FS.mkdir(dir); } catch (e) { /* exists */ }
        path = dir + '/' + base;
      }
      FS.writeFile(path, f.text);
      paths.push(path);
    }
    return paths;
  }

  // Hands files ({name, text}) to the app: kind 0 = opened (drop, paste, hook), 1 = picker result.
  function deliver(files, kind) {
    const paths = files.length ? writeUploads(files) : [];
    callWithText('cfgi_web_files', paths.join('\n'), kind);
    return paths;
  }

  async function readFiles(fileList) {
    const out = [];
    for (const f of Array.from(fileList)) out.push({ name: f.name, text: new Uint8Array(await f.arrayBuffer()) });
    return out;
  }

  function nextFrames(n) {
    const target = frames + n;
    return new Promise((resolve) => frameWaiters.push({ target, resolve }));
  }

  // ---- file picker ----
  const input = document.getElementById('file-input');
  input.addEventListener('change', async () => {
    const files = await readFiles(input.files || []);
    input.value = '';
    deliver(files, 1);
  });
  // The picker can also be cancelled: the app gets an empty list when the window regains focus
  // without a change event.
  let pickerOpen = false;
  window.addEventListener('focus', () => {
    if (!pickerOpen) return;
    pickerOpen = false;
    setTimeout(() => { if (!input.files || !input.files.length) callWithText('cfgi_web_files', '', 1); }, 500);
  });

  // ---- drag and drop (whole page, several files at once) ----
  function hasFiles(e) { return e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files'); }
  const dropZone = document.getElementById('drop-zone');
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
    dropZone.classList.remove('hidden');
  }, true);
  window.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) dropZone.classList.add('hidden');
  }, true);
  window.addEventListener('drop', async (e) => {
    dropZone.classList.add('hidden');
    if (!e.dataTransfer || !e.dataTransfer.files || !e.dataTransfer.files.length) return;
    e.preventDefault();
    e.stopPropagation();  // ours, not GLFW's emulation (which drops files unreliably)
    deliver(await readFiles(e.dataTransfer.files), 0);
  }, true);

  // ---- paste: text into the focused field, or files / text as new documents ----
  window.addEventListener('paste', async (e) => {
    if (!cfgiWeb.started) return;
    const dt = e.clipboardData;
    if (!dt) return;
    if (dt.files && dt.files.length) {
      e.preventDefault();
      deliver(await readFiles(dt.files), 0);
      return;
    }
    const text = dt.getData('text/plain');
    clipboardText = text;
    callWithText('cfgi_web_clipboard_pasted', text);
    if (!module().ccall('cfgi_web_wants_text', 'number', [], [])) {
      // Nothing to type into: the pasted text becomes a document of its own.
      e.preventDefault();
      if (text.trim()) deliver([{ name: 'pasted-' + (++uploadSerial), text }], 0);
    }
  }, true);

  // ---- shortcuts: take from the browser exactly the keys the app binds ----
  // The app's keys (App::Shortcuts in app/gui/app_menu.cpp, Help > Keyboard shortcuts): Ctrl+O,
  // Ctrl+S, Ctrl+E, Ctrl+= / Ctrl++ / Ctrl+- / Ctrl+0 (UI scale), Ctrl+Shift+L (theme),
  // Ctrl+Shift+Enter (maximise), Alt+W, Alt+PgUp / Alt+PgDn (documents) and F1 (help); while a text
  // field has the keyboard, Ctrl+A selects its text. Every other key stays the browser's (Ctrl+F,
  // Ctrl+L, Ctrl+P, Ctrl+D, F3, F5, ...). The browser keeps Ctrl+W, Ctrl+T, Ctrl+N and Ctrl+Tab
  // whatever a page does, so the app binds none of them (docs/web.md). The app reads Ctrl, not
  // the Mac's Cmd (ImGui's io.KeyCtrl), so Cmd+key is never taken.
  const CTRL_KEYS = new Set(['o', 's', 'e', '=', '+', '-', '0']);
  function appKey(e) {
    const k = (e.key || '').toLowerCase();
    if (e.metaKey) return false;
    if (e.ctrlKey && !e.altKey) {
      if (CTRL_KEYS.has(k)) return true;
      if (e.shiftKey && (k === 'l' || k === 'enter')) return true;
      if (k === 'a' && !e.shiftKey) return !!module().ccall('cfgi_web_wants_text', 'number', [], []);
      return false;
    }
    if (e.altKey && !e.ctrlKey) return k === 'w' || e.key === 'PageUp' || e.key === 'PageDown';
    return e.key === 'F1' && !e.ctrlKey && !e.altKey;
  }
  window.addEventListener('keydown', (e) => {
    if (cfgiWeb.started && appKey(e)) e.preventDefault();
  }, true);

  function b64(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }

  const cfgiWeb = {
    started: false,
    firstFrameMs: null,
    get frames() { return frames; },
    nextFrames,
    deliver,
    callWithText,
    callForText,
    appKey,

    // ---- called from C++ (platform_web.cpp) ----
    frameDone() {
      frames++;
      if (frames === 1) {
        cfgiWeb.started = true;
        cfgiWeb.firstFrameMs = performance.now();
        window.cfgiLoader.done();
        if (window.cfgiHook) window.cfgiHook.firstFrame();
      }
      for (let i = frameWaiters.length - 1; i >= 0; i--) {
        if (frames >= frameWaiters[i].target) { frameWaiters[i].resolve(); frameWaiters.splice(i, 1); }
      }
    },
    failed(reason) { if (window.cfgiHook) window.cfgiHook.failed(reason); },
    openPicker() { pickerOpen = true; input.click(); },
    download(name, bytes, mime) {
      const blob = new Blob([bytes], { type: mime || 'application/octet-stream' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      cfgiWeb.lastDownload = { name, size: bytes.length, base64: bytes.length <= (1 << 20) ? b64(bytes) : null };
    },
    setClipboard(text) {
      clipboardText = text;
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).catch((err) => {
          // Copy link and Copy in the app would otherwise fail with no sign.
          window.cfgiNotice.show('clipboard', `The browser refused the clipboard (${err.message}): nothing was copied. Allow clipboard access for this page and copy again.`,
            [{ label: 'Hide', action: () => window.cfgiNotice.clear('clipboard') }]);
        });
      }
    },
    getClipboard() { return clipboardText; },
    storageGet(key) { return window.cfgiStore.get(key); },
    storageSet(key, value) { window.cfgiStore.set(key, value); },
    copyLink() { return window.cfgiPermalink.copy(); },
  };
  window.cfgiWeb = cfgiWeb;
})();
