// Config Inspector's settings store: IndexedDB (database `config-inspector`, object store
// `settings`), where the app keeps settings.json (theme, layout, the open documents with the text
// of every file it cannot read back) and imgui.ini. localStorage held them before: its 5 MB
// limit (UTF-16) dropped a large document with only a console message.
//
// The app reads its settings synchronously once, at start (platform::LoadSetting): the page reads
// the whole store before the module's main() runs (a run dependency, js/loader.js) and serves
// reads from that copy. Writes (platform::SaveSetting) go to the copy at once and to IndexedDB
// in one transaction per batch; a write that fails (the quota is full, storage is disabled) keeps
// the values pending and shows a warning in the page (js/notice.js) that stays until a write
// succeeds: nothing is dropped silently, and what was last saved stays intact (a failed
// transaction changes nothing).
//
//   cfgiStore.ready            resolves once the store has been read (or could not be)
//   cfgiStore.get(key)         the value (a Uint8Array of UTF-8, or a string an earlier version saved), or null
//   cfgiStore.set(key, value)  saves it
//   cfgiStore.read(key)        resolves to the value IndexedDB holds now, as text (tests)
//
// The app saves UTF-8 bytes (platform_web.cpp cfgi_js_storage_set): IndexedDB clones a
// Uint8Array with a copy, where a session of 3.6 MB as a string cost 83 ms of the page's thread
// to clone and, before that, 257 ms to decode.
//   cfgiStore.status()         {failure, pending, saved_at}: the last failure's text or null
'use strict';

(function () {
  const DB_NAME = 'config-inspector';
  const STORE = 'settings';
  const LEGACY_PREFIX = 'config-inspector/';  // the localStorage keys of earlier versions

  const cache = new Map();    // key -> value: what the app sees
  const pending = new Map();  // key -> value not yet in IndexedDB
  const legacy = new Set();   // keys read from localStorage, removed there once in IndexedDB
  let db = null;
  let openError = null;
  let writing = false;
  let failure = null;
  let savedAt = null;

  function request(r) {
    return new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  }

  function openDb() {
    return new Promise((resolve, reject) => {
      const r = indexedDB.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
      r.onblocked = () => reject(new Error('the store is held by another tab being upgraded'));
    });
  }

  async function load() {
    try {
      if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB');
      db = await openDb();
      const tx = db.transaction(STORE, 'readonly');
      const [keys, values] = await Promise.all([request(tx.objectStore(STORE).getAllKeys()), request(tx.objectStore(STORE).getAll())]);
      keys.forEach((k, i) => cache.set(String(k), values[i]));
    } catch (e) {
      db = null;
      openError = e;
    }
    try {
      for (let i = 0; i < window.localStorage.length; i++) {
        const k = window.localStorage.key(i);
        if (!k || !k.startsWith(LEGACY_PREFIX)) continue;
        const key = k.slice(LEGACY_PREFIX.length);
        legacy.add(key);
        if (!cache.has(key)) {
          cache.set(key, window.localStorage.getItem(k));
          pending.set(key, cache.get(key));
        }
      }
    } catch (e) { /* no localStorage: nothing to move */ }
    if (openError) failed(openError);
    else if (pending.size) schedule();
  }

  function describe(e) {
    const name = (e && e.name) || '';
    if (name === 'QuotaExceededError') return "the browser's storage quota for this site is full";
    if (e === openError) return 'the browser refuses this page its storage (' + ((e && e.message) || e) + ')';
    return (name ? name + ': ' : '') + ((e && e.message) || String(e));
  }

  function pendingBytes() {
    let n = 0;
    for (const v of pending.values()) n += v ? v.length : 0;
    return n;
  }

  function failed(e) {
    failure = describe(e);
    const mb = pendingBytes() / 1048576;
    const size = mb >= 0.1 ? ` (${mb.toFixed(1)} MB to save)` : '';
    window.cfgiNotice.show('store',
      `Your work is not being saved: ${failure}${size}. Everything open is still here, but a reload ` +
      `or closing the tab loses what changed since ${savedAt ? 'the last save at ' + new Date(savedAt).toLocaleTimeString() : 'this visit began'}. ` +
      'Keep it with File > Copy link or Download source, or free storage (site data of other sites) and press Retry.',
      [{ label: 'Retry', action: () => schedule() }]);
  }

  function schedule() {
    if (writing) return;
    writing = true;
    Promise.resolve().then(flush);
  }

  function flush() {
    if (!pending.size) {
      writing = false;
      return;
    }
    if (!db) {
      writing = false;
      failed(openError || new Error('no store'));
      return;
    }
    const batch = new Map(pending);
    pending.clear();
    const done = (error) => {
      writing = false;
      if (error) {
        for (const [k, v] of batch) if (!pending.has(k)) pending.set(k, v);
        failed(error);
        return;  // the next set() or Retry tries again
      }
      savedAt = Date.now();
      failure = null;
      window.cfgiNotice.clear('store');
      for (const k of batch.keys()) {
        if (!legacy.has(k)) continue;
        legacy.delete(k);
        try { window.localStorage.removeItem(LEGACY_PREFIX + k); } catch (e) { /* gone already */ }
      }
      if (pending.size) schedule();
    };
    let tx;
    try {
      tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      for (const [k, v] of batch) store.put(v, k);
    } catch (e) {
      done(e);
      return;
    }
    tx.oncomplete = () => done(null);
    tx.onabort = () => done(tx.error || new Error('the write was aborted'));
  }

  const ready = load();

  window.cfgiStore = {
    ready,
    get(key) { return cache.has(key) ? cache.get(key) : null; },
    set(key, value) {
      cache.set(key, value);
      pending.set(key, value);
      schedule();
    },
    async read(key) {
      if (!db) return null;
      const v = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
      if (v === undefined || v === null) return null;
      return v instanceof Uint8Array ? new TextDecoder().decode(v) : v;
    },
    status() { return { failure, pending: pending.size, saved_at: savedAt }; },
  };
})();
