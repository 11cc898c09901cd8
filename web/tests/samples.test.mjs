// Browser tests of the samples fetched when opened (docs/web.md "Samples fetched when opened"):
// the build leaves the large generated samples out of index.data (cmake/web_samples.cmake); the
// page fetches one from the site's samples/ when a scenario that needs it is opened
// (web/js/samples.js, platform::FetchBeforeOpen), shows the download, checks its SHA-256, and the
// app opens the scenario with the CLI's result; a failed download says why and Retry opens it;
// the service worker caches a sample once fetched, so it opens offline afterwards.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, SITE, cliJson, openPage, problemsBesidesAbortedFetch, startSite, stopSite } from './harness.mjs';

const SCENARIO = '/samples/matcher/prefix-100k.scenario.yaml';
const DATA = '/samples/matcher/prefix-100k.yaml';
const LARGE = ['/samples/policy/large-mesh.yaml', DATA];

let server;
let browser;

before(async () => {
  ({ server, browser } = await startSite({ needs: 'index.html' }));
});

after(() => stopSite({ server, browser }));

// Every text the #notice box showed, as it changes (the download's progress goes by fast).
async function recordNotices(page) {
  await page.evaluate(() => {
    window.noticeLog = [];
    const box = document.getElementById('notice');
    new MutationObserver(() => {
      for (const t of box.querySelectorAll('.notice-text')) if (window.noticeLog.at(-1) !== t.textContent) window.noticeLog.push(t.textContent);
    }).observe(box, { childList: true, subtree: true, characterData: true });
  });
}

async function openedDoc(page, p, timeout = 120000) {
  const h = await page.waitForFunction((p) => window.configInspector.state().documents.find((d) => d.path === p && d.engine !== 'document'),
                                       p, { timeout, polling: 200 });
  return h.jsonValue();
}

function expectedReport() {
  const files = {};
  for (const p of [SCENARIO, DATA]) files[path.basename(p)] = fs.readFileSync(path.join(ROOT, p), 'utf8');
  return cliJson(files);
}

function bare(report) {
  return JSON.parse(JSON.stringify(report).replaceAll('/samples/matcher/', ''));
}

describe('samples fetched when opened', () => {
  test('index.data leaves the large samples out; the page lists them with their size and SHA-256', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      const list = await page.evaluate(() => window.cfgiSamples.list());
      assert.deepEqual(Object.keys(list.files).sort(), LARGE.slice().sort());
      for (const p of LARGE) {
        const bytes = fs.readFileSync(path.join(ROOT, p));
        assert.deepEqual(list.files[p], { url: p.slice(1), size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') });
        assert.ok(fs.readFileSync(path.join(SITE, p)).equals(bytes), `${p} is beside the page`);
      }
      assert.deepEqual(list.needs[SCENARIO], [DATA]);
      assert.deepEqual(list.needs['/samples/policy/large-mesh.scenario.yaml'], ['/samples/policy/large-mesh.yaml']);
      const inFs = await page.evaluate((ps) => ps.map((p) => window.Module.FS.analyzePath(p).exists), [...LARGE, SCENARIO]);
      assert.deepEqual(inFs, [false, false, true], 'only the scenario is bundled');
      const data = fs.statSync(path.join(SITE, 'index.data')).size;
      console.log(`index.data ${data} bytes`);
      assert.ok(data < 2500000, `index.data is ${data} bytes`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('opening the prefix-100k sample fetches its data once, shows the download and gives the CLI\'s result', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      await recordNotices(page);
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      const doc = await openedDoc(page, SCENARIO);
      assert.equal(doc.engine, 'matcher');
      assert.deepEqual(bare(doc.report), expectedReport());
      const sha = crypto.createHash('sha256').update(fs.readFileSync(path.join(ROOT, DATA))).digest('hex');
      assert.deepEqual(requests.filter((u) => u.includes('/samples/')), [`${server.url}samples/matcher/prefix-100k.yaml?sha256=${sha}`]);
      const notices = await page.evaluate(() => window.noticeLog);
      assert.ok(notices.length >= 1 && notices[0].startsWith('Downloading the sample prefix-100k.yaml: '), JSON.stringify(notices));
      assert.match(notices.at(-1), /^Downloading the sample prefix-100k\.yaml: 3\.0 MB of 3\.0 MB…$/);
      assert.deepEqual(await page.evaluate(() => window.cfgiNotice.shown()), {}, 'the notice is gone');
      // Opened again: nothing is fetched.
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      assert.equal(requests.filter((u) => u.includes('/samples/')).length, 1);
      // The one download completed whole (its log), yet Chromium sometimes reports that same request
      // as net::ERR_ABORTED too: seen 6 Dec in 3 of about 12 runs, also on the build before that
      // day's changes and in a clean clone, with the report above equal to the CLI's; not
      // understood. The other problems are still none, and the download itself is checked here.
      const log = await page.evaluate(() => window.cfgiSamples.log.map(({ path, ok, bytes }) => ({ path, ok, bytes })));
      assert.deepEqual(log, [{ path: DATA, ok: true, bytes: fs.statSync(path.join(ROOT, DATA)).size }]);
      assert.deepEqual(problemsBesidesAbortedFetch(problems, 'samples/matcher/prefix-100k.yaml'), []);
    } finally {
      await context.close();
    }
  });

  test('a failed download says why and opens nothing; Retry opens the sample', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      // The server answers 404 (a page.route would miss the fetch once the service worker, registered
      // after the first frame, controls the page: the test then waited for a notice that never came).
      server.override('/samples/matcher/prefix-100k.yaml', 'gone', 404);
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      await page.waitForFunction(() => /^Could not/.test(window.cfgiNotice.shown().samples || ''), null, { timeout: 30000 });
      assert.deepEqual(await page.evaluate(() => window.cfgiNotice.shown()),
                       { samples: 'Could not download the sample prefix-100k.yaml: the site answered HTTP 404 Not Found.' });
      await page.evaluate(() => window.cfgiWeb.nextFrames(3));
      assert.equal((await page.evaluate(() => window.configInspector.state())).documents.length, 0, 'nothing opened');
      server.override('/samples/matcher/prefix-100k.yaml', null);
      await page.click('#notice button:text("Retry")');
      const doc = await openedDoc(page, SCENARIO);
      assert.deepEqual(bare(doc.report), expectedReport());
      assert.deepEqual(await page.evaluate(() => window.cfgiNotice.shown()), {});
    } finally {
      await context.close();
    }
  });

  test('a sample fetched once opens offline, from the service worker\'s cache', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      await page.evaluate(() => window.cfgiOffline.ready);
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      await openedDoc(page, SCENARIO);
      const status = await page.evaluate(() => window.cfgiOffline.status());
      assert.deepEqual(status.lazy.map((l) => [l.path, l.stored]).sort(),
                       [['samples/matcher/prefix-100k.yaml', true], ['samples/policy/large-mesh.yaml', false]]);
      assert.equal(status.complete, true);

      await context.setOffline(true);
      await page.evaluate(() => indexedDB.deleteDatabase('config-inspector'));  // a fresh session: nothing restored
      await page.reload();
      await page.evaluate(() => window.configInspector.ready);
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      const doc = await openedDoc(page, SCENARIO);
      assert.deepEqual(bare(doc.report), expectedReport());

      // Chromium's offline emulation (context.setOffline) does not reach the service worker's own
      // fetches, so a sample never fetched cannot be made to fail here: the failure path is the
      // HTTP 404 test above.
      const served = [];
      page.on('response', (r) => { if (r.url().includes('/samples/')) served.push(r.fromServiceWorker()); });
      await page.reload();
      await page.evaluate(() => window.configInspector.ready);
      await page.evaluate(() => window.configInspector.step('open=/samples/matcher/prefix-100k.scenario.yaml'));
      await openedDoc(page, SCENARIO);
      assert.deepEqual(served, [true], 'the sample came from the service worker');
      // A reload while the restored session's sample is still being read aborts that read
      // (net::ERR_ABORTED, the navigation's doing): nothing else may fail.
      assert.deepEqual(problemsBesidesAbortedFetch(problems, 'samples/matcher/prefix-100k.yaml'), []);
    } finally {
      await context.close();
    }
  });

  test('a reload reopens a session holding the sample (fetched again before it is read)', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      await page.evaluate((p) => window.configInspector.step('open=' + p), SCENARIO);
      await openedDoc(page, SCENARIO);
      await page.waitForTimeout(4000);  // the session is saved (every 2 s at most)
      await page.reload();
      await page.evaluate(() => window.configInspector.ready);
      const doc = await openedDoc(page, SCENARIO);
      assert.deepEqual(bare(doc.report), expectedReport());
      // The reload may cut a request for the sample still under way on the first page (the
      // service worker's cache fill: net::ERR_ABORTED, the navigation's doing, as above):
      // nothing else may fail.
      assert.deepEqual(problemsBesidesAbortedFetch(problems, 'samples/matcher/prefix-100k.yaml'), []);
    } finally {
      await context.close();
    }
  });
});
