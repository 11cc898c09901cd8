// Browser tests of the evaluation worker (docs/web.md "Evaluation off the page's thread"): the
// core compiled a second time (app/platform/eval_worker_web.cpp, eval.js + eval.wasm; built with
// -DCFGI_WEB_EVAL_WORKER=ON) run in a Web Worker by web/js/evaluator.js, with the desktop's job
// semantics (app/gui/jobs.h). While it evaluates large-mesh no frame of the page goes over 50 ms
// (the app's own frame statistics, configInspector.frameStats(), over the frames tagged by a
// `mark=` step), and its report equals the CLI's; a newer job with the same key cancels the
// older; each step arrives as progress. The same large-mesh evaluated by the app on the page's
// thread is measured for comparison (reported, not held to the budget).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, SITE, cliJson, openPage, startSite, stopSite } from './harness.mjs';

const FRAME_BUDGET_MS = 50;
// Built when the site's service worker lists eval.js (the build's own file list, not a stale file).
const swPath = path.join(SITE, 'sw.js');
const built = fs.existsSync(swPath) && fs.readFileSync(swPath, 'utf8').includes("path: 'eval.js'");
const skip = built ? false : 'the site has no evaluation worker (configure the wasm preset with -DCFGI_WEB_EVAL_WORKER=ON)';

const LARGE_MESH = ['samples/policy/large-mesh.scenario.yaml', 'samples/policy/large-mesh.yaml'];
const SMALL = ['samples/policy/madr-to-name.scenario.yaml'];

function read(files) {
  return files.map((f) => ({ name: path.basename(f), text: fs.readFileSync(path.join(ROOT, f), 'utf8') }));
}
function cliOf(files, args = []) {
  return cliJson(Object.fromEntries(read(files).map((f) => [f.name, f.text])), args);
}

let server;
let browser;

before(async () => {
  if (!built) return;
  ({ server, browser } = await startSite({ needs: 'index.html' }));
});

after(() => stopSite({ server, browser }));

// Runs `files` as one job with key `key` in the page; the files are handed to the page first (so
// their transfer is not inside the measured frames). Resolves to {json, steps, rafMaxGapMs, ms}.
async function runInWorker(page, key, files, mark) {
  await page.evaluate((fs) => { window.__job = { files: fs, opened: 1 }; }, files);
  if (mark) await page.evaluate((m) => window.configInspector.step('mark=' + m), mark);
  return page.evaluate(async (key) => {
    const steps = [];
    // The page's thread as a whole (not only the app's frames): the longest gap between two
    // animation frames while the worker evaluates.
    let last = performance.now();
    let gap = 0;
    let on = true;
    const tick = (t) => { gap = Math.max(gap, t - last); last = t; if (on) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const t0 = performance.now();
    const json = await window.cfgiEvaluator.submit(key, window.__job, (step, fraction) => steps.push({ step, fraction, at: performance.now() - t0 }));
    const ms = performance.now() - t0;
    on = false;
    return { json, steps, rafMaxGapMs: gap, ms };
  }, key);
}

describe('evaluation off the page\'s thread', { skip }, () => {
  test(`while the worker evaluates large-mesh no page frame exceeds ${FRAME_BUDGET_MS} ms, and the report is the CLI's`, async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      // Warm: the worker's module compiled and instantiated (a small job).
      await runInWorker(page, 'eval/warm', read(SMALL));
      // The same gap with nothing evaluating (the machine's own noise), for comparison.
      const idleGap = await page.evaluate(() => new Promise((resolve) => {
        let last = performance.now();
        let gap = 0;
        const end = last + 3000;
        const tick = (t) => { gap = Math.max(gap, t - last); last = t; if (t < end) requestAnimationFrame(tick); else resolve(gap); };
        requestAnimationFrame(tick);
      }));
      const r = await runInWorker(page, 'eval/large-mesh', read(LARGE_MESH), 'worker-eval');
      await page.evaluate(() => window.configInspector.step('mark=after'));
      const stats = await page.evaluate(() => window.configInspector.frameStats());
      const tag = stats.tags['mark=worker-eval'];
      console.log(`worker: large-mesh evaluated in ${r.ms.toFixed(0)} ms; page frames meanwhile ${tag.frames}, ` +
                  `longest ${tag.max_ms} ms (app frame CPU), longest gap between animation frames ${r.rafMaxGapMs.toFixed(0)} ms (${idleGap.toFixed(0)} ms over 3 s idle)`);
      // Where the worker's time goes (each step's start, ms after the job was submitted).
      console.log(`worker steps: ${r.steps.map((s) => `${s.step} @${s.at.toFixed(0)}`).join(', ')}; outcome ${(r.json.length / 1e6).toFixed(1)} MB of JSON`);
      assert.ok(tag.frames >= 1, 'the page drew frames while the worker evaluated');
      assert.ok(tag.max_ms <= FRAME_BUDGET_MS, `a page frame took ${tag.max_ms} ms`);

      const out = JSON.parse(r.json);
      assert.equal(out.engine, 'policy');
      assert.deepEqual(out.report, cliOf(LARGE_MESH));
      // Every profile of the engine, in its order (the CLI's `--profile all`).
      assert.deepEqual(Object.keys(out.reports), Object.keys(cliOf(LARGE_MESH, ['--profile', 'all']).profiles));
      assert.deepEqual(out.reports[out.profile], out.report);
      // Progress: each step once, in order, the fraction never going back.
      assert.equal(r.steps[0].step, 'read');
      assert.ok(r.steps.some((s) => /^evaluate /.test(s.step)), JSON.stringify(r.steps));
      for (let i = 1; i < r.steps.length; i++) assert.ok(r.steps[i].fraction >= r.steps[i - 1].fraction, JSON.stringify(r.steps));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('the same evaluation on the page\'s thread (the app today): its longest frame, reported', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      await page.evaluate(() => window.configInspector.step('mark=page-eval'));
      await page.evaluate(async (fs) => {
        window.cfgiWeb.deliver(fs, 0);
        await window.cfgiWeb.nextFrames(5);
      }, read(LARGE_MESH));
      await page.waitForFunction(() => {
        const s = window.configInspector.state();
        return s.active >= 0 && s.documents[s.active].engine === 'policy';
      }, null, { timeout: 120000, polling: 200 });
      await page.evaluate(() => window.configInspector.step('mark=after'));
      const tag = (await page.evaluate(() => window.configInspector.frameStats())).tags['mark=page-eval'];
      console.log(`page thread: large-mesh evaluating in the app, frames ${tag.frames}, longest ${tag.max_ms} ms`);
      assert.ok(tag.max_ms > 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a newer job with the same key cancels the older; another key is not touched', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      await page.evaluate(([large, small]) => { window.__large = large; window.__small = small; }, [read(LARGE_MESH), read(SMALL)]);
      const got = await page.evaluate(async () => {
        const E = window.cfgiEvaluator;
        const older = E.submit('eval/doc', { files: window.__large, opened: 1 }).then(() => 'finished', (e) => (e.cancelled ? 'cancelled' : 'error: ' + e.message));
        const other = E.submit('eval/other', { files: window.__small, opened: 1 });
        const activeBefore = E.active().map((a) => a.key).sort();
        const newer = E.submit('eval/doc', { files: window.__small, opened: 1 });
        return { older: await older, newer: JSON.parse(await newer), other: JSON.parse(await other).report, activeBefore,
                 activeAfter: E.active(), counts: E.counts() };
      });
      assert.equal(got.older, 'cancelled');
      assert.deepEqual(got.activeBefore, ['eval/doc', 'eval/other']);
      assert.deepEqual(got.activeAfter, []);
      const expected = cliOf(SMALL);
      assert.deepEqual(got.newer.report, expected);
      assert.deepEqual(got.other, expected);
      // Every profile's report is the CLI's with that profile.
      for (const [p, report] of Object.entries(got.newer.reports)) assert.deepEqual(report, cliOf(SMALL, ['--profile', p]), p);
      assert.ok(Object.keys(got.newer.reports).length >= 2);
      assert.equal(got.counts.cancelled, 1);
      assert.equal(got.counts.finished, 2);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a job that is not JSON gets an error outcome, and the worker goes on', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      const got = await page.evaluate(async (small) => {
        const E = window.cfgiEvaluator;
        const bad = JSON.parse(await E.submit('eval/x', '{"files": [1'));
        const good = JSON.parse(await E.submit('eval/x', { files: small, opened: 1 }));
        return { bad, engine: good.engine };
      }, read(SMALL));
      assert.match(got.bad.error, /^bad job: \[json\.exception\.parse_error\.101\] parse error at line 1, column 13/);
      assert.equal(got.engine, 'policy');
    } finally {
      await context.close();
    }
  });
});
