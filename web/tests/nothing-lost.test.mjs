// Browser tests of "nothing lost, nothing silent" (make test-web; docs/web.md):
// large text crosses into the module on the heap (a 2 MB link, a 5 MB paste), a restored link's
// hash leaves the address bar, every file's text survives a reload (edited sample files, a dropped
// scenario's referenced files), the store is IndexedDB and a full quota shows a warning, an error
// after start shows the failure overlay, a lost WebGL context comes back, and the page takes only
// the app's own keys. Screenshots of the warning, the overlay and the lost context go to
// build/wasm/out/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, cliJson, openPage, pictureStats, startSite, stopSite, stripUploads } from './harness.mjs';

const OUT = path.join(ROOT, 'build/wasm/out');
const MAX_URL = 2 * 1024 * 1024;  // Chromium's longest URL (url/url_constants.cc kMaxURLChars)

let server;
let browser;

before(async () => {
  ({ server, browser } = await startSite({ needs: 'index.html' }));
  fs.mkdirSync(OUT, { recursive: true });
});

after(() => stopSite({ server, browser }));

// JSON of about `bytes` bytes whose strings are random (64 letters, a fixed seed): it compresses
// little, so its permalink is about as long as the text.
function randomJson(bytes, seed) {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let x = seed >>> 0;
  const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
  const items = [];
  let n = 0;
  while (n < bytes) {
    let s = '';
    for (let i = 0; i < 60; i++) s += abc[next() >>> 26];
    items.push(`  {"id": ${items.length}, "token": "${s}"}`);
    n += s.length + 30;
  }
  return '{"items": [\n' + items.join(',\n') + '\n]}\n';
}

// Polls until `pick(arg)`, run in the page (it reads window.configInspector.state()), gives a
// value; frames keep running meanwhile.
async function waitState(page, pick, arg, timeout = 60000) {
  const handle = await page.waitForFunction(pick, arg, { timeout, polling: 100 });
  return handle.jsonValue();
}

// Resolves once IndexedDB holds a settings.json that contains `needle` (polled from here:
// waitForFunction does not wait for a predicate's promise).
async function waitSaved(page, needle, timeout = 30000) {
  const end = Date.now() + timeout;
  for (;;) {
    const t = await page.evaluate(() => window.cfgiStore.read('settings.json'));
    if (t && t.includes(needle)) return;
    assert.ok(Date.now() < end, `settings.json without ${needle} after ${timeout} ms`);
    await page.waitForTimeout(250);
  }
}

async function reload(page) {
  await page.reload();
  await page.evaluate(() => window.configInspector.ready);
  await page.evaluate(() => window.cfgiWeb.nextFrames(3));
}

describe('large text goes through the heap, not the stack', () => {
  test('a 2 MB permalink opens and evaluates, and its hash leaves the address bar', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const text = randomJson(2_600_000, 7);
    const url = await page.evaluate(async (t) => {
      const hash = await window.cfgiPermalink.encode({ v: 1, app: { open: [{ files: [{ path: 'big.json', text: t }], opened: 1 }], active: 0 } });
      return location.href.split('#')[0] + hash;
    }, text);
    console.log(`permalink ${url.length} characters for ${text.length} bytes of JSON`);
    assert.ok(url.length >= 1_900_000 && url.length <= MAX_URL, `link of ${url.length} characters`);
    await context.close();

    const fresh = await openPage(browser, url, {}, 120000);
    const doc = await waitState(fresh.page, () => window.configInspector.state().documents.find((d) => d.path === 'big.json' && d.report.diagnostics.length));
    assert.deepEqual(doc.report, cliJson({ 'big.json': text }));
    assert.equal(await fresh.page.evaluate(() => location.hash), '', 'the hash was dropped');
    assert.equal(await fresh.page.evaluate(() => location.href), server.url);
    assert.deepEqual(fresh.problems, []);
    assert.deepEqual(problems, []);
    await fresh.context.close();
  });

  test('a 5 MB paste opens as a document and evaluates', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const text = randomJson(5 * 1024 * 1024, 11);
    await page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);
    const doc = await waitState(page, () => window.configInspector.state().documents.find((d) => /pasted-\d+$/.test(d.path) && d.report.diagnostics.length));
    assert.deepEqual(stripUploads(doc.report), cliJson({ [path.basename(doc.path)]: text }));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('a reload keeps every file', () => {
  test('after a link, a reload restores the session (with its edits), not the link', async () => {
    const { context, page } = await openPage(browser, server.url);
    const url = await page.evaluate(async () => {
      const hash = await window.cfgiPermalink.encode({ v: 1, app: { open: [{ files: [{ path: 'linked.yaml', text: 'linked: 1\n' }], opened: 1 }], active: 0 } });
      return location.href.split('#')[0] + hash;
    });
    await page.goto('about:blank');  // else only the hash changes: no navigation
    await page.goto(url);
    await page.evaluate(() => window.configInspector.ready);
    assert.equal(await page.evaluate(() => location.hash), '');
    await waitState(page, () => window.configInspector.state().documents.find((d) => d.path === 'linked.yaml'));
    await page.evaluate(() => window.configInspector.step('edit=linked.yaml\nlinked: 2\nedited: true\n'));
    await waitSaved(page, 'edited: true');
    await reload(page);
    await waitState(page, () => window.configInspector.state().documents.find((d) => d.path === 'linked.yaml' && d.report.diagnostics.length));
    const state = await page.evaluate(() => window.configInspector.state());
    const docs = state.documents.filter((d) => d.path === 'linked.yaml');
    assert.equal(docs.length, 1, 'one document, not the link again beside it');
    assert.deepEqual(docs[0].files.map((f) => [f.name, f.dirty]), [['linked.yaml', true]]);
    assert.deepEqual(docs[0].report, cliJson({ 'linked.yaml': 'linked: 2\nedited: true\n' }));
    // Copy link puts the link on the clipboard, not in the address bar.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const copied = await page.evaluate(() => window.configInspector.permalink());
    assert.match(copied, /#s=/);
    assert.equal(await page.evaluate(() => location.hash), '');
    await context.close();
  });

  test("an edited sample's referenced file keeps its edit across a reload", async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const scenario = '/samples/policy/realistic-mesh.scenario.yaml';
    const mesh = '/samples/policy/realistic-mesh.yaml';
    await page.evaluate((p) => window.configInspector.step('open=' + p), scenario);
    await waitState(page, (m) => window.configInspector.state().documents.find((d) => d.files.some((f) => f.name === m) && d.engine === 'policy'), mesh);
    const original = fs.readFileSync(path.join(ROOT, 'samples/policy/realistic-mesh.yaml'), 'utf8');
    const edited = original + '---\napiVersion: kuma.io/v1alpha1\nkind: MeshService\nmetadata:\n  name: added-by-edit\n  namespace: kuma-demo\n' +
      '  labels: {kuma.io/mesh: default, app: added}\nspec:\n  ports:\n    - {port: 8080, name: http, appProtocol: http}\n';
    const before = (await page.evaluate(() => window.configInspector.state())).documents[0].report;
    await page.evaluate(([m, t]) => window.configInspector.step('edit=' + m + '\n' + t), [mesh, edited]);
    const afterEdit = await waitState(page, () => window.configInspector.state().documents.find((d) => JSON.stringify(d.report).includes('added-by-edit')));
    assert.notDeepEqual(afterEdit.report, before);
    await waitSaved(page, 'added-by-edit');
    await reload(page);
    const got = await waitState(page, (m) => window.configInspector.state().documents.find((d) => d.files.some((f) => f.name === m) && d.engine === 'policy'), mesh);
    assert.deepEqual(got.files.filter((f) => f.name === mesh), [{ name: mesh, editable: true, dirty: true }]);
    assert.deepEqual(got.report, afterEdit.report);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a dropped scenario's referenced file survives a reload", async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const files = {
      'realistic-mesh.scenario.yaml': fs.readFileSync(path.join(ROOT, 'samples/policy/realistic-mesh.scenario.yaml'), 'utf8'),
      'realistic-mesh.yaml': fs.readFileSync(path.join(ROOT, 'samples/policy/realistic-mesh.yaml'), 'utf8'),
    };
    await page.evaluate(async (fs) => {
      const dt = new DataTransfer();
      for (const [n, t] of Object.entries(fs)) dt.items.add(new File([t], n, { type: 'text/plain' }));
      const canvas = document.getElementById('canvas');
      canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, files);
    const pick = () => window.configInspector.state().documents.find((d) => d.path.endsWith('realistic-mesh.scenario.yaml') && d.files.some((f) => f.name.endsWith('/realistic-mesh.yaml')) && d.engine === 'policy');
    const want = await waitState(page, pick);
    await waitSaved(page, 'frontend -> backend -> redis');
    await reload(page);
    const got = await waitState(page, pick);
    assert.deepEqual(got.files.filter((f) => f.editable).map((f) => path.basename(f.name)), ['realistic-mesh.scenario.yaml', 'realistic-mesh.yaml']);
    assert.deepEqual(got.report, want.report);
    assert.equal(got.errors, 0, JSON.stringify(got.report.diagnostics || got.status));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('the store', () => {
  test('documents are kept in IndexedDB, not localStorage', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['kept.json', '{"kept": 1}\n']);
    await waitSaved(page, 'kept.json');
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    // The value is the app's UTF-8 bytes (store.js, platform_web.cpp cfgi_js_storage_set: no
    // decode and no string clone on the page's thread). A string an earlier version saved is
    // still read: the session is put back as text before the reload.
    const kind = await page.evaluate(async () => {
      const raw = (mode, value) => new Promise((resolve, reject) => {
        const r = indexedDB.open('config-inspector', 1);
        r.onsuccess = () => {
          const store = r.result.transaction('settings', mode).objectStore('settings');
          const q = mode === 'readonly' ? store.get('settings.json') : store.put(value, 'settings.json');
          q.onsuccess = () => { r.result.close(); resolve(q.result); };
          q.onerror = () => reject(q.error);
        };
        r.onerror = () => reject(r.error);
      });
      const v = await raw('readonly');
      const text = v instanceof Uint8Array ? new TextDecoder().decode(v) : null;
      if (text) await raw('readwrite', text);
      return { bytes: v instanceof Uint8Array, kept: !!text && text.includes('kept.json') };
    });
    assert.deepEqual(kind, { bytes: true, kept: true });
    await reload(page);
    const state = await page.evaluate(() => window.configInspector.state());
    assert.ok(state.documents.some((d) => path.basename(d.path) === 'kept.json' || d.path.endsWith('/kept.json')), JSON.stringify(state.documents.map((d) => d.path)));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a full storage quota shows a warning; Retry saves once there is room', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    // A full quota, simulated: IndexedDB refuses every write with the browser's QuotaExceededError
    // (Chromium's DevTools quota override is not enforced on IndexedDB writes of this size).
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      window.cfgiTestQuota = { put, full: true };
      IDBObjectStore.prototype.put = function (...args) {
        if (window.cfgiTestQuota.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    const text = randomJson(300_000, 3);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['quota.json', text]);
    await page.waitForSelector('#notice:not(.hidden) .notice-item[data-key="store"]', { timeout: 30000 });
    // A first refused write may be a small one (imgui.ini): wait for the document's.
    await page.waitForFunction(() => /MB to save/.test(window.cfgiNotice.shown().store || ''), null, { timeout: 30000 });
    const shown = await page.evaluate(() => window.cfgiNotice.shown().store);
    assert.match(shown, /^Your work is not being saved: the browser's storage quota for this site is full \(\d+\.\d MB to save\)\./);
    assert.equal(await page.locator('#notice').isVisible(), true);
    fs.writeFileSync(path.join(OUT, 'web-quota-warning.png'), await page.screenshot());
    // The document is still open, and what was saved before is intact.
    const state = await page.evaluate(() => window.configInspector.state());
    assert.ok(state.documents.some((d) => d.path.endsWith('quota.json')));
    assert.equal(await page.evaluate(() => window.cfgiStore.read('settings.json').then((t) => !!t && t.includes('quota.json'))), false);
    await page.evaluate(() => { window.cfgiTestQuota.full = false; });
    await page.click('#notice .notice-item[data-key="store"] button');
    await page.waitForSelector('#notice.hidden', { state: 'attached', timeout: 30000 });
    await waitSaved(page, 'quota.json');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('errors and the WebGL context', () => {
  test('an error after start shows the failure overlay with what to do', async () => {
    const { context, page } = await openPage(browser, server.url);
    await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('memory access out of bounds'); }, 0));
    await page.waitForSelector('#failure:not(.hidden)', { timeout: 10000 });
    assert.equal(await page.textContent('#failure-title'), 'Config Inspector stopped');
    assert.match(await page.textContent('#failure-text'), /memory access out of bounds/);
    assert.match(await page.textContent('#failure-hint'), /reopen when you reload/);
    assert.equal(await page.locator('#failure-reload').isVisible(), true);
    fs.writeFileSync(path.join(OUT, 'web-stopped-overlay.png'), await page.screenshot());
    await Promise.all([page.waitForEvent('load'), page.click('#failure-reload')]);
    await page.evaluate(() => window.configInspector.ready);
    assert.equal(await page.locator('#failure').isHidden(), true);
    await context.close();
  });

  test('a lost WebGL context says so (and, after 5 s, to reload); the app draws again once it is restored', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['gl.yaml', 'context: lost\n']);
    await page.evaluate(() => new Promise((resolve) => {
      const c = document.getElementById('canvas');
      c.addEventListener('webglcontextlost', () => resolve(), { once: true });
      window.cfgiTestLose = c.getContext('webgl2').getExtension('WEBGL_lose_context');
      window.cfgiTestLose.loseContext();
    }));
    assert.match(await page.evaluate(() => window.cfgiNotice.shown().gl), /graphics context was lost.*waiting/);
    const frames = await page.evaluate(() => window.cfgiWeb.frames);
    await page.mouse.move(300, 300);
    await page.waitForTimeout(400);
    assert.equal(await page.evaluate(() => window.cfgiWeb.frames), frames, 'no frame is drawn without a context');
    fs.writeFileSync(path.join(OUT, 'web-context-lost.png'), await page.screenshot());
    // Not back within 5 s: the warning says to reload, with a button (web/js/gl.js).
    await page.waitForFunction(() => /has not restored it/.test(window.cfgiNotice.shown().gl || ''), null, { timeout: 10000 });
    assert.equal(await page.locator('#notice .notice-item[data-key="gl"] button').textContent(), 'Reload');
    await page.evaluate(() => window.cfgiTestLose.restoreContext());
    await page.waitForFunction((n) => window.cfgiWeb.frames > n + 2, frames, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.cfgiNotice.shown().gl), undefined);
    await page.mouse.move(320, 320);
    await page.evaluate(() => window.cfgiWeb.nextFrames(3));
    const stats = await pictureStats(page, await page.locator('canvas').screenshot());
    assert.ok(stats.colours >= 8 && stats.foreground > 0.005, JSON.stringify(stats));
    const state = await page.evaluate(() => window.configInspector.state());
    assert.ok(state.documents.some((d) => d.path.endsWith('gl.yaml')));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('keys', () => {
  test('the page takes only the keys the app binds', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const prevented = await page.evaluate(() => {
      const keys = {
        'Ctrl+F': { key: 'f', ctrlKey: true }, 'Ctrl+L': { key: 'l', ctrlKey: true }, 'Ctrl+P': { key: 'p', ctrlKey: true },
        'Ctrl+G': { key: 'g', ctrlKey: true }, 'Ctrl+D': { key: 'd', ctrlKey: true }, 'Ctrl+H': { key: 'h', ctrlKey: true },
        'Ctrl+J': { key: 'j', ctrlKey: true }, 'Ctrl+K': { key: 'k', ctrlKey: true }, 'Ctrl+U': { key: 'u', ctrlKey: true },
        'Ctrl+B': { key: 'b', ctrlKey: true }, 'Ctrl+A': { key: 'a', ctrlKey: true }, 'Ctrl+R': { key: 'r', ctrlKey: true },
        'Ctrl+V': { key: 'v', ctrlKey: true }, 'Ctrl+C': { key: 'c', ctrlKey: true }, F3: { key: 'F3' }, F5: { key: 'F5' },
        'Alt+Left': { key: 'ArrowLeft', altKey: true }, 'Cmd+O': { key: 'o', metaKey: true },
        'Ctrl+O': { key: 'o', ctrlKey: true }, 'Ctrl+S': { key: 's', ctrlKey: true }, 'Ctrl+E': { key: 'e', ctrlKey: true },
        'Ctrl+=': { key: '=', ctrlKey: true }, 'Ctrl+-': { key: '-', ctrlKey: true }, 'Ctrl+0': { key: '0', ctrlKey: true },
        'Ctrl+Shift+L': { key: 'L', ctrlKey: true, shiftKey: true }, 'Ctrl+Shift+Enter': { key: 'Enter', ctrlKey: true, shiftKey: true },
        'Alt+W': { key: 'w', altKey: true }, 'Alt+PageDown': { key: 'PageDown', altKey: true }, F1: { key: 'F1' },
      };
      const out = {};
      // keyCode 0: GLFW's emulation ignores these events, so the app does nothing with them.
      for (const [name, init] of Object.entries(keys)) {
        out[name] = !document.getElementById('canvas').dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true }));
      }
      return out;
    });
    const taken = Object.keys(prevented).filter((k) => prevented[k]);
    assert.deepEqual(taken, ['Ctrl+O', 'Ctrl+S', 'Ctrl+E', 'Ctrl+=', 'Ctrl+-', 'Ctrl+0', 'Ctrl+Shift+L', 'Ctrl+Shift+Enter', 'Alt+W', 'Alt+PageDown', 'F1']);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
