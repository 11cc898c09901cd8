// Browser tests of the installable, offline site (docs/web.md "Offline"): after one visit the
// service worker (web/js/sw.js, written to the site as sw.js by cmake/web_offline.cmake) holds
// every file of the build, so a reload with no network draws the first frame and opens a bundled
// sample with the CLI's result; its cache is named by the version the About box shows; a new
// build replaces the old cache; a file that does not match the build's SHA-256 fails the install.
// The server here is a plain static host (no cross-origin isolation headers): the first visit
// installs the service worker, which adds them, and reloads once (web/js/start.js), so the threaded
// build runs isolated; a browser that refuses the service worker gets the failure message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, SITE, THREADED, cliJson, openPage, startSite, stopSite } from './harness.mjs';

const SAMPLE = 'samples/policy/madr-to-name.scenario.yaml';  // a scenario without file references

let server;
let browser;

before(async () => {
  ({ server, browser } = await startSite({ needs: 'sw.js', isolate: false }));
});

after(() => stopSite({ server, browser }));

// A first visit to the plain host reloads once the service worker is in (web/js/start.js), which
// cuts that load's preloads of index.wasm and index.data (net::ERR_ABORTED): nothing else may fail.
function besidesFirstVisitReload(problems) {
  return problems.filter((p) => !/^requestfailed: \S+\/index\.(wasm|data|js) net::ERR_ABORTED$/.test(p));
}

// The files sw.js lists (its BUILD object), read from the built site.
function buildOf(text) {
  const m = /const BUILD = (\{[\s\S]*?\}\] \});/.exec(text);
  assert.ok(m, 'sw.js has its BUILD object');
  return Function(`return (${m[1]})`)();
}

async function cacheNames(page) {
  return page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('config-inspector-')).sort());
}

// Only the threaded build (THREADED, harness.mjs) needs the isolation.

describe('a plain static host (no COOP/COEP headers)', { skip: THREADED ? false : 'the site is the single-threaded build (CFGI_WASM_THREADS=OFF)' }, () => {
  test('the first visit installs the service worker, reloads once and runs cross-origin isolated', async () => {
    const navigations = [];
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });
      const s = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, threads: window.cfgiStart.threads,
                                             controlled: !!navigator.serviceWorker.controller,
                                             reloadMark: sessionStorage.getItem('cfgi-isolation-reload') }));
      assert.deepEqual(s, { isolated: true, threads: true, controlled: true, reloadMark: null });
      // The reload cut the first load's preloads of index.wasm / index.data (ERR_ABORTED); nothing else failed.
      assert.deepEqual(besidesFirstVisitReload(problems), []);
      // A second visit is isolated from its first request: no reload.
      await page.goto(server.url);
      await page.evaluate(() => window.configInspector.ready);
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      assert.equal(navigations.length, 1, navigations.join(' '));
    } finally {
      await context.close();
    }
  });

  test('a browser that refuses the service worker gets the failure message with what the host must do', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForSelector('#failure:not(.hidden)', { timeout: 90000 });
      const text = await page.evaluate(() => document.getElementById('failure').innerText);
      assert.match(text, /not cross-origin isolated|service worker/);
      assert.match(text, /Cross-Origin-Opener-Policy: same-origin/);
      assert.match(text, /Cross-Origin-Embedder-Policy: require-corp/);
      await page.screenshot({ path: path.join(ROOT, 'build/wasm/out/web-needs-isolation.png') });
    } finally {
      await context.close();
    }
  });
});

describe('offline after one visit', () => {
  test('a reload with no network draws the first frame and opens a sample with the CLI result', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      const status = await page.evaluate(() => window.cfgiOffline.ready);
      const build = buildOf(fs.readFileSync(path.join(SITE, 'sw.js'), 'utf8'));
      const version = (await page.evaluate(() => window.configInspector.state())).version;
      // One version, from the CMake project: the About box's (state().version is CFGI_VERSION) and the cache's.
      const project = /project\(config_inspector VERSION ([0-9.]+)/.exec(fs.readFileSync(path.join(ROOT, 'CMakeLists.txt'), 'utf8'))[1];
      assert.equal(version, project);
      assert.equal(status.version, project);
      assert.equal(status.cache, `config-inspector-${project}-${build.build}`);
      assert.deepEqual({ files: status.files, stored: status.stored, complete: status.complete },
                       { files: build.files.filter((f) => !f.lazy).length, stored: build.files.filter((f) => !f.lazy).length, complete: true });
      // The large samples are fetched when opened (samples.test.mjs), not at install.
      assert.deepEqual(build.files.filter((f) => f.lazy).map((f) => f.path).sort(),
                       ['samples/matcher/prefix-100k.yaml', 'samples/policy/large-mesh.yaml']);
      for (const f of ['index.html', 'index.js', 'index.wasm', 'index.data', ...(THREADED ? ['index.worker.js'] : []), 'js/io.js', 'js/start.js', 'manifest.webmanifest'])
        assert.ok(build.files.some((e) => e.path === f), `${f} is cached`);
      assert.deepEqual(await cacheNames(page), [status.cache]);

      // The control: without that visit, the same offline browser gets nothing.
      const control = await browser.newContext({ offline: true });
      try {
        await assert.rejects(control.newPage().then((p) => p.goto(server.url)), /ERR_INTERNET_DISCONNECTED/);
      } finally {
        await control.close();
      }

      await context.setOffline(true);
      const responses = [];
      page.on('response', (r) => responses.push(r));
      await page.reload();
      await page.evaluate(() => window.configInspector.ready);
      const ms = await page.evaluate(() => window.configInspector.firstFrameMs);
      console.log(`offline reload: first frame ${ms.toFixed(0)} ms after navigation, ${responses.length} responses from the service worker`);
      assert.ok(ms > 0, 'the page drew its first frame');
      for (const r of responses) assert.ok(r.fromServiceWorker(), `${r.url()} came from the service worker`);
      for (const f of ['index.html', 'index.js', 'index.wasm', 'index.data'])
        assert.ok(responses.some((r) => r.url().endsWith('/' + (f === 'index.html' ? '' : f)) || r.url().endsWith('/' + f)), `${f} was served`);

      await page.evaluate((p) => window.configInspector.step('open=' + p), '/' + SAMPLE);
      const doc = await (await page.waitForFunction((p) => window.configInspector.state().documents.find((d) => d.path === p && d.engine === 'policy'),
                                                    '/' + SAMPLE, { timeout: 60000, polling: 100 })).jsonValue();
      const name = path.basename(SAMPLE);
      const expected = cliJson({ [name]: fs.readFileSync(path.join(ROOT, SAMPLE), 'utf8') });
      assert.deepEqual(JSON.parse(JSON.stringify(doc.report).replaceAll('/' + path.dirname(SAMPLE) + '/', '')), expected);
      assert.deepEqual(besidesFirstVisitReload(problems), []);
    } finally {
      await context.close();
    }
  });

  test('a new build replaces the old cache; a file that does not match its SHA-256 fails the install', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    const text = fs.readFileSync(path.join(SITE, 'sw.js'), 'utf8');
    const build = buildOf(text);
    try {
      const first = await page.evaluate(() => window.cfgiOffline.ready);
      // A build whose style.css is not the one on the server: its install fails and changes nothing.
      const css = build.files.find((f) => f.path === 'style.css');
      server.override('/sw.js', text.replace(`build: '${build.build}'`, "build: 'bad'").replace(css.sha256, '0'.repeat(64)));
      const failed = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        await r.update().catch(() => {});
        const w = r.installing;
        if (w && w.state !== 'redundant') await new Promise((res) => w.addEventListener('statechange', () => w.state === 'redundant' && res()));
        return { active: r.active && r.active.scriptURL, waiting: !!r.waiting };
      });
      assert.deepEqual(failed, { active: server.url + 'sw.js', waiting: false });
      assert.deepEqual(await cacheNames(page), [first.cache], 'no half build, the old one intact');

      // The next build (same files, another build id): it takes over and deletes the old cache.
      server.override('/sw.js', text.replace(`build: '${build.build}'`, "build: 'next'"));
      await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        await r.update();
      });
      const next = `config-inspector-${first.version}-next`;
      // Polled from here: waitForFunction does not wait for a predicate's promise.
      const end = Date.now() + 60000;
      while (JSON.stringify(await cacheNames(page)) !== JSON.stringify([next]) && Date.now() < end) await page.waitForTimeout(200);
      assert.deepEqual(await cacheNames(page), [next]);
      assert.deepEqual(besidesFirstVisitReload(problems), []);
    } finally {
      server.override('/sw.js', null);
      await context.close();
    }
  });
});
