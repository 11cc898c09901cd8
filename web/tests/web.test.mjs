// Browser tests of the web build (make test-web): Debian's chromium, headless, on loopback.
//   node --test web/tests/      (after the `wasm` preset has built build/wasm/site)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';

import { ROOT, SITE, cliJson, firstFrameStages, openPage, pictureStats, startSite, stopSite, stripUploads } from './harness.mjs';

// The budget is 1.0 MB; not reached yet (1.40 MiB with zlib level 9 since the app's copy of the core at -Oz,
// 1.86 MiB before; docs/web.md): held at the measured size plus a small margin so growth fails here.
const WASM_GZIP_BUDGET = 1.5 * 1024 * 1024;
// A hang guard, not a speed figure: a test on a shared 2-core machine cannot gate wall time. The
// first-frame figure is measured and reported by web/tests/scale.mjs (`make scale`). 30 s is 10x the
// 3 s budget that figure is held to.
const FIRST_FRAME_HANG_MS = 30000;
// The first-frame budget: the is 0.5 s on a quiet machine, reached there on 7 Dec (median
// of 16 fresh loads 386-392 ms, fastest 316-336 ms, load average 0.4; docs/web.md "Budgets"). Held
// at 1 s, twice that, because the suite's figure moves with the machine: the fastest of 3 loads
// was 368 ms in the suite on an idle machine and 540 ms while a native build held both cores (and
// 2.0-2.9 s on 29 Nov's slower startup). FIRST_FRAME_BUDGET_MS=500 checks the target itself.
const FIRST_FRAME_BUDGET_MS = Number(process.env.FIRST_FRAME_BUDGET_MS || 1000);
// Screenshots go under the build tree (never into tracked files); docs/web-screenshot.png is
// refreshed by hand from here.
const OUT = path.join(ROOT, 'build/wasm/out');

// Documents to load: every standalone sample (a scenario without `file:` references, or a native
// file), else fixtures that exercise the document loader (a clean JSON file, a YAML error).
function documents() {
  const out = [];
  const dir = path.join(ROOT, 'samples');
  const walk = (d) => {
    for (const e of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.scenario.yaml')) {
        const text = fs.readFileSync(p, 'utf8');
        if (!/^\s*-?\s*file:/m.test(text)) out.push({ name: e.name, text });
      }
    }
  };
  walk(dir);
  out.sort((a, b) => a.name.localeCompare(b.name));
  const picked = out.slice(0, 6);
  picked.push({ name: 'listeners.json', text: '{\n  "name": "edge",\n  "ports": [80, 443],\n  "tls": {"mode": "strict"}\n}\n' });
  picked.push({ name: 'broken.yaml', text: 'routes:\n  - name: a\n    match: [1, 2\n  - name: b\n' });
  return picked;
}

function activeReport(state) {
  assert.ok(state.active >= 0, 'a document is active');
  return state.documents[state.active].report;
}

let server;
let browser;
let first;  // the first page: first frame, screenshot, no console errors

before(async () => {
  ({ server, browser } = await startSite({ needs: 'index.html' }));
  first = await openPage(browser, server.url);
});

after(async () => {
  if (first) await first.context.close();
  await stopSite({ server, browser });
});

describe('page', () => {
  test('loads without console errors and draws its first frame', async () => {
    const { page, problems } = first;
    const ms = await page.evaluate(() => window.configInspector.firstFrameMs);
    console.log(`first frame ${ms.toFixed(0)} ms after navigation (hang guard ${FIRST_FRAME_HANG_MS} ms)`);
    assert.ok(ms > 0 && ms <= FIRST_FRAME_HANG_MS, `first frame after ${ms} ms`);
    assert.equal(await page.locator('#loading').isHidden(), true, 'the loading overlay is gone');
    assert.equal(await page.locator('#failure').isHidden(), true, 'no failure message');
    assert.deepEqual(problems, []);
  });

  // cmake/web_compress.cmake writes the copies; the test server serves them as nginx's gzip_static
  // does (harness.mjs). The first visit's transfer is the compressed one.
  test('the build\'s gzip copies decode to their files and are what the page downloads', async () => {
    const copies = [];
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.gz')) copies.push(path.relative(SITE, p.slice(0, -3)));
      }
    };
    walk(SITE);
    for (const f of ['index.wasm', 'index.data', 'index.js', 'index.html', 'js/loader.js'])
      assert.ok(copies.includes(f), `${f}.gz is written`);
    assert.ok(!copies.some((f) => f.endsWith('.png')), 'no copy of a PNG (it would not save a tenth)');
    for (const f of copies) {
      const file = fs.readFileSync(path.join(SITE, f));
      assert.ok(zlib.gunzipSync(fs.readFileSync(path.join(SITE, f + '.gz'))).equals(file), `${f}.gz decodes to ${f}`);
    }
    const sizes = await first.page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => /\/index\.(wasm|data)$/.test(e.name))
      .map((e) => [e.name.replace(/^.*\//, ''), e.encodedBodySize, e.decodedBodySize]).sort());
    assert.deepEqual(sizes, ['index.data', 'index.wasm'].map((f) =>
      [f, fs.statSync(path.join(SITE, f + '.gz')).size, fs.statSync(path.join(SITE, f)).size]));
  });

  test('the canvas is not blank and its buffer follows devicePixelRatio', async () => {
    const { page } = first;
    const stats = await pictureStats(page, await page.locator('canvas').screenshot());
    assert.ok(stats.colours >= 8, `only ${stats.colours} colours`);
    assert.ok(stats.foreground > 0.005, `almost nothing drawn (${stats.foreground})`);
    const size = await page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, dpr: devicePixelRatio };
    });
    assert.deepEqual([size.w, size.h], [Math.round(size.cw * size.dpr), Math.round(size.ch * size.dpr)]);
  });

  test('on a 2x screen the drawing buffer has twice the pixels', async () => {
    const { context, page, problems } = await openPage(browser, server.url, { deviceScaleFactor: 2 });
    await page.evaluate(() => window.cfgiWeb.nextFrames(2));
    const size = await page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight };
    });
    assert.deepEqual([size.w, size.h], [size.cw * 2, size.ch * 2]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a .wasm that fails to download shows the file and HTTP status, and ready rejects', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/*.wasm', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'not here' }));
    await page.goto(server.url);
    const rejected = await page.evaluate(() => window.configInspector.ready.then(() => null, (e) => String(e.message || e)));
    assert.ok(rejected, 'ready rejected');
    await page.waitForSelector('#failure:not(.hidden)', { timeout: 10000 });
    const text = await page.textContent('#failure-text');
    assert.equal(text, 'Could not download index.wasm: HTTP 404 Not Found.');
    assert.equal(rejected, text, 'ready rejects with the reason the page shows');
    await context.close();
  });

  // js/loader.js compiles the .wasm itself: streaming needs `application/wasm`, so a host that
  // serves it under another type gets it compiled from its bytes, and the app starts all the same.
  test('a .wasm served as application/octet-stream is compiled from its bytes and the app starts', async () => {
    let served = 0;
    const wasm = fs.readFileSync(path.join(SITE, 'index.wasm'));
    // openPage waits for the first frame: a failed compile would leave the failure overlay instead.
    const { context, page, problems } = await openPage(browser, server.url, {}, 30000, (p) =>
      p.route('**/index.wasm', (r) => { served++; return r.fulfill({ status: 200, contentType: 'application/octet-stream', body: wasm }); }));
    assert.equal(await page.isHidden('#failure'), true, 'no failure overlay');
    assert.equal(served, 1, 'index.wasm was fetched once');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a Content-Security-Policy blocks every connection but to the site\'s samples/ once loaded', async () => {
    const { context, page } = await openPage(browser, server.url);
    const csp = await page.evaluate(() => Array.from(document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')).map((m) => m.content));
    assert.ok(csp.some((c) => c.startsWith(`connect-src ${server.url}samples/;`)), csp.join(' | '));
    const result = await page.evaluate(async () => {
      const one = async (u) => { try { await fetch(u); return 'fetched'; } catch (e) { return 'blocked'; } };
      return { page: await one('/index.html'), wasm: await one('index.wasm'), other: await one('http://localhost:9/x'),
               up: await one('samples/../index.html'), sample: await one('samples/policy/large-mesh.yaml') };
    });
    // The one directory the large samples are fetched from (js/samples.js); nothing else.
    assert.deepEqual(result, { page: 'blocked', wasm: 'blocked', other: 'blocked', up: 'blocked', sample: 'fetched' });
    await context.close();
  });

  // Timed over three fresh loads (a fresh context:
  // nothing cached, no service worker) and held on the fastest, which is the least disturbed by
  // the other builds on this shared 2-core machine; FIRST_FRAME_BUDGET_MS (env) sets another budget.
  test(`first frame after navigation within ${FIRST_FRAME_BUDGET_MS} ms (fastest of 3 fresh loads)`, async () => {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const { context, page, problems } = await openPage(browser, server.url);
      try {
        runs.push(await firstFrameStages(page));
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
    console.log('first frame (ms after navigation, harness.mjs firstFrameStages): ' + JSON.stringify(runs));
    const fastest = Math.min(...runs.map((r) => r.first_frame));
    assert.ok(fastest <= FIRST_FRAME_BUDGET_MS, `the fastest first frame of 3 took ${fastest} ms`);
  });
});

describe('documents', () => {
  for (const doc of documents()) {
    test(`${doc.name}: state() through the hook equals the CLI's JSON`, async () => {
      const { page, problems } = first;
      const state = await page.evaluate(([n, t]) => window.configInspector.load(n, t), [doc.name, doc.text]);
      assert.equal(path.basename(state.documents[state.active].path), doc.name);
      assert.deepEqual(stripUploads(activeReport(state)), cliJson({ [doc.name]: doc.text }));
      // summary() is state() without the documents' report and divergences and the Problems rows
      // (what scale.mjs asks of a large mesh, whose whole state is ~250 MB of JSON).
      const summary = await page.evaluate(() => window.configInspector.summary());
      const want = structuredClone(state);
      for (const d of want.documents) { delete d.report; delete d.divergences; }
      want.problems = [];
      assert.deepEqual(summary, want);
      assert.deepEqual(problems, []);
    });
  }

  test('several files dropped at once open as one document', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const files = { 'a.json': '{"a": 1}\n', 'b.yaml': 'b: [1, 2]\n' };
    const before = (await page.evaluate(() => window.configInspector.state())).documents.length;
    await page.evaluate(async (fs) => {
      const dt = new DataTransfer();
      for (const [n, t] of Object.entries(fs)) dt.items.add(new File([t], n, { type: 'text/plain' }));
      const canvas = document.getElementById('canvas');
      canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, files);
    // The page reads dropped files asynchronously: wait for the document, not for a fixed time.
    await page.waitForFunction((n) => window.configInspector.state().documents.length > n, before, { timeout: 15000 });
    await page.evaluate(() => window.cfgiWeb.nextFrames(3));
    const state = await page.evaluate(() => window.configInspector.state());
    assert.equal(state.documents.length, before + 1);
    const opened = state.documents[state.active];
    assert.deepEqual(opened.files.map((f) => path.basename(f.name)), ['a.json', 'b.yaml']);
    assert.deepEqual(stripUploads(opened.report), cliJson(files));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('pasting text outside a text field opens it as a document', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const text = '{"pasted": true}\n';
    await page.evaluate(async (t) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      await window.cfgiWeb.nextFrames(3);
    }, text);
    const state = await page.evaluate(() => window.configInspector.state());
    const opened = state.documents[state.active];
    assert.match(path.basename(opened.path), /^pasted-\d+$/);
    assert.deepEqual(stripUploads(opened.report), cliJson({ [path.basename(opened.path)]: text }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('Ctrl+E downloads the result, Ctrl+S the source', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const text = 'service: checkout\nreplicas: 3\n';
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['deploy.yaml', text]);
    await page.mouse.move(640, 400);
    const [result] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+e')]);
    assert.match(result.suggestedFilename(), /^deploy\.[a-z0-9-]+\.result\.json$/);
    const resultText = fs.readFileSync(await result.path(), 'utf8');
    assert.deepEqual(stripUploads(JSON.parse(resultText)), cliJson({ 'deploy.yaml': text }));
    const [source] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    assert.equal(source.suggestedFilename(), 'deploy.yaml');
    assert.equal(fs.readFileSync(await source.path(), 'utf8'), text);
    assert.deepEqual(problems, []);
    await context.close();
  });

  // ImGui 1.86 reads key state once per frame: without app/platform/key_taps.cpp a key pressed
  // and released between two frames was never seen (this test's Ctrl+E timed out on a loaded CI
  // machine). Here all four events are dispatched in one task, so no frame can run between them.
  test('a Ctrl+E tapped between two frames still downloads the result', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['tap.json', '{"tap": 1}\n']);
    const tap = () => page.evaluate(() => {
      const key = (type, code, name) => {
        const ev = new KeyboardEvent(type, { key: name, ctrlKey: true, bubbles: true, cancelable: true });
        Object.defineProperty(ev, 'keyCode', { get: () => code });
        window.dispatchEvent(ev);
      };
      key('keydown', 17, 'Control');
      key('keydown', 69, 'e');
      key('keyup', 69, 'e');
      key('keyup', 17, 'Control');
    });
    const [result] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), tap()]);
    assert.match(result.suggestedFilename(), /^tap\.[a-z0-9-]+\.result\.json$/);
    assert.deepEqual(stripUploads(JSON.parse(fs.readFileSync(await result.path(), 'utf8'))), cliJson({ 'tap.json': '{"tap": 1}\n' }));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('open documents survive a reload (IndexedDB)', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['kept.json', '{"kept": 1}\n']);
    // The app saves its settings within a few seconds of a change (web/js/store.js).
    for (let i = 0; i < 60 && !/kept\.json/.test((await page.evaluate(() => window.cfgiStore.read('settings.json'))) || ''); i++) await page.waitForTimeout(250);
    await page.reload();
    await page.evaluate(() => window.configInspector.ready);
    const state = await page.evaluate(() => window.configInspector.state());
    assert.ok(state.documents.some((d) => path.basename(d.path) === 'kept.json'), JSON.stringify(state.documents.map((d) => d.path)));
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('permalink', () => {
  test('a link restores the open documents in a fresh browser', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const docs = { 'first.yaml': 'a: 1\nb: [x, y]\n', 'second.json': '{"second": [1, 2, 3]}\n' };
    for (const [n, t] of Object.entries(docs)) await page.evaluate(([a, b]) => window.configInspector.load(a, b), [n, t]);
    const want = await page.evaluate(() => window.configInspector.state());
    const url = await page.evaluate(() => window.configInspector.permalink());
    assert.match(url, /#s=[A-Za-z0-9_-]+$/);
    assert.equal(await page.evaluate(() => location.hash), '', 'the address bar keeps the page address (a reload restores the session)');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url, 'the link is on the clipboard');
    assert.deepEqual(problems, []);

    const fresh = await openPage(browser, url);  // a new context: empty localStorage
    const got = await fresh.page.evaluate(() => window.configInspector.state());
    const summary = (s) => s.documents.map((d) => ({ path: d.path, report: d.report }));
    assert.deepEqual(summary(got), summary(want));
    assert.equal(got.active, want.active);
    assert.deepEqual(fresh.problems, []);
    await fresh.context.close();
    await context.close();
  });
});

describe('budgets', () => {
  test(`.wasm is at most ${WASM_GZIP_BUDGET / 1048576} MB gzip`, () => {
    const wasm = fs.readFileSync(path.join(SITE, 'index.wasm'));
    const gz = zlib.gzipSync(wasm, { level: 9 }).length;
    console.log(`index.wasm ${(wasm.length / 1048576).toFixed(2)} MB, ${(gz / 1048576).toFixed(2)} MB gzip -9`);
    assert.ok(gz <= WASM_GZIP_BUDGET, `${gz} bytes gzip`);
  });
});

describe('layout', () => {
  // Ctrl+Shift+Enter maximises the engine view (F11 is the browser's); each folded panel leaves a
  // strip whose button brings the layout back (app/gui/app.cpp FoldedStrip). The state's
  // `layout` is what the frame drew (App::StateJson).
  test('Ctrl+Shift+Enter folds every side panel and the Documents strip restores them', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    await page.evaluate(([n, t]) => window.configInspector.load(n, t), ['fold.json', '{"fold": 1}\n']);
    const layout = () => page.evaluate(() => {
      const { documents, explanation, bottom, maximized } = window.configInspector.state().layout;
      return { documents, explanation, bottom, maximized };
    });
    assert.deepEqual(await layout(), { documents: true, explanation: true, bottom: true, maximized: false });
    await page.evaluate(async () => {
      const key = (type, code, name) => {
        const ev = new KeyboardEvent(type, { key: name, ctrlKey: true, shiftKey: true, bubbles: true, cancelable: true });
        Object.defineProperty(ev, 'keyCode', { get: () => code });
        window.dispatchEvent(ev);
      };
      key('keydown', 17, 'Control');
      key('keydown', 16, 'Shift');
      key('keydown', 13, 'Enter');
      key('keyup', 13, 'Enter');
      key('keyup', 16, 'Shift');
      key('keyup', 17, 'Control');
      await window.cfgiWeb.nextFrames(3);
    });
    assert.deepEqual(await layout(), { documents: false, explanation: false, bottom: false, maximized: true });
    // The Documents strip: the top-left corner under the menu bar.
    await page.mouse.click(8, 48);
    await page.evaluate(() => window.cfgiWeb.nextFrames(3));
    assert.deepEqual(await layout(), { documents: true, explanation: true, bottom: true, maximized: false });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('welcome page', () => {
  // A first visit opens no document: the welcome page shows one card per engine (drawn by the
  // app; its rectangles come from the test hook in drawing-buffer pixels), a click on a card
  // opens that engine's sample in its view, and the page has the app's icon and manifest.
  test('a first visit shows the welcome page; a click on a card opens its sample', async () => {
    const { context, page, problems } = await openPage(browser, server.url, { viewport: { width: 1440, height: 900 } });
    await page.evaluate(() => window.cfgiWeb.nextFrames(3));
    const state = await page.evaluate(() => window.configInspector.state());
    assert.equal(state.documents.length, 0, 'the first start opens no document');
    assert.equal(state.welcome.shown, true);
    assert.deepEqual(state.welcome.cards.map((c) => c.engine), ['variants', 'matcher', 'txt', 'policy', 'targeting']);
    for (const c of state.welcome.cards) assert.match(c.sample, /^\/samples\/.*\.scenario\.yaml$/, c.engine);
    fs.mkdirSync(OUT, { recursive: true });
    fs.writeFileSync(path.join(OUT, 'web-screenshot.png'), await page.screenshot());
    // Click the middle of the txt card.
    const card = state.welcome.cards.find((c) => c.engine === 'txt');
    const box = await page.locator('canvas').boundingBox();
    const dpr = await page.evaluate(() => devicePixelRatio);
    const [x, y, w, h] = card.rect;
    await page.mouse.click(box.x + (x + w / 2) / dpr, box.y + (y + h / 2) / dpr);
    const opened = await page.evaluate(async () => {
      for (let i = 0; i < 120; ++i) {
        const s = window.configInspector.state();
        const d = s.documents[s.active];
        if (d && d.engine !== 'document' && d.view === d.engine) return { path: d.path, view: d.view, welcome: s.welcome.shown };
        await window.cfgiWeb.nextFrames(1);
      }
      return null;
    });
    assert.ok(opened, 'a document opened in its engine view');
    assert.equal(opened.path, card.sample);
    assert.equal(opened.view, 'txt');
    assert.equal(opened.welcome, false);
    // The icon and the manifest the page links are served beside it.
    const links = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="icon"], link[rel="manifest"]')).map((l) => l.getAttribute('href')));
    assert.deepEqual(links, ['icon.svg', 'icon-48.png', 'manifest.webmanifest']);
    for (const f of ['icon.svg', 'icon.png', 'icon-48.png', 'manifest.webmanifest']) assert.ok(fs.existsSync(path.join(SITE, f)), f);
    const manifest = JSON.parse(fs.readFileSync(path.join(SITE, 'manifest.webmanifest'), 'utf8'));
    assert.equal(manifest.name, 'Config Inspector');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
