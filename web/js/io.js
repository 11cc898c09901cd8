// Config Inspector page I/O: file picker, multi-file drag-and-drop, paste, downloads, the OS
// clipboard, localStorage, and the browser shortcuts the app must not lose to the browser.
// Files go FileReader -> emscripten FS (/uploads/<name>) -> an EMSCRIPTEN_KEEPALIVE entry point of
// app/platform/platform_web.cpp, which queues them for the app's next frame.
// C++ calls the functions of window.cfgiWeb through EM_JS (platform_web.cpp).
'use strict';

(function () {
  const STORAGE_PREFIX = 'config-inspector/';
  const UPLOAD_DIR = '/uploads';
  let frames = 0;
  const frameWaiters = [];
  let clipboardText = '';
  let uploadSerial = 0;

  function module() { return window.Module; }

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
    module().ccall('cfgi_web_files', null, ['string', 'number'], [paths.join('\n'), kind]);
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
    setTimeout(() => { if (!input.files || !input.files.length) module().ccall('cfgi_web_files', null, ['string', 'number'], ['', 1]); }, 500);
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
    module().ccall('cfgi_web_clipboard_pasted', null, ['string'], [text]);
    if (!module().ccall('cfgi_web_wants_text', 'number', [], [])) {
      // Nothing to type into: the pasted text becomes a document of its own.
      e.preventDefault();
      if (text.trim()) deliver([{ name: 'pasted-' + (++uploadSerial), text }], 0);
    }
  }, true);

  // ---- shortcuts: keep those the app uses away from the browser ----
  // The browser keeps Ctrl+W, Ctrl+T, Ctrl+N and Ctrl+Tab whatever a page does, so the app binds
  // none of them (docs/web.md). These it would otherwise take for itself:
  const APP_KEYS = new Set(['o', 's', 'p', 'f', 'g', 'l', 'e', 'k', 'd', 'h', 'j', 'u', 'b', '=', '+', '-', '0']);
  window.addEventListener('keydown', (e) => {
    const k = (e.key || '').toLowerCase();
    const ctrl = (e.ctrlKey || e.metaKey) && !e.altKey;
    if ((ctrl && APP_KEYS.has(k)) || e.key === 'F1' || e.key === 'F3') e.preventDefault();
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
        navigator.clipboard.writeText(text).catch((err) => console.info('clipboard write refused: ' + err.message));
      }
    },
    getClipboard() { return clipboardText; },
    storageGet(key) {
      try { return window.localStorage.getItem(STORAGE_PREFIX + key); } catch (e) { return null; }
    },
    storageSet(key, value) {
      try { window.localStorage.setItem(STORAGE_PREFIX + key, value); } catch (e) {
        console.info('localStorage refused ' + key + ': ' + e.message);
      }
    },
    copyLink() { return window.cfgiPermalink.copy(); },
  };
  window.cfgiWeb = cfgiWeb;
})();
