// The web build's scale test (the browser half of tests/gui/scale.sh): the large
// samples opened in headless Chromium, a profile and a tab switched through the state hook
// (configInspector.step), and the UI thread's frames read back with configInspector.frameStats().
// The app evaluates on a worker thread (platform_web.cpp RunAsync, the threaded build), so every
// frame of the page's thread is held to 50 ms (docs/web.md "Evaluation off the page's thread"):
// the frames while the sample is opened and evaluated (tagged by a `mark=open` step before it is
// delivered), those of a profile and a tab switch, and those of typing into large-mesh's 3.6 MB
// file opened alone (`type=20` in the Source panel: its key frames and the evaluations after).
//   node --test web/tests/scale.mjs   (`make test` runs it in test-web; `make scale` after the native half, once build/wasm/site is built)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { ROOT, SITE, THREADED, launch, openPage, serve } from './harness.mjs';

// The target (issue 32, Deliver 2): no frame of the page's thread over 50 ms while a large sample
// opens and evaluates, while switching, while typing; held since 6 Dec. Three runs on the idle
// machine that day (Chromium 156, the threaded build) had their longest frames at 14 ms
// (large-mesh), 19-27 ms (typing into its 3.6 MB file), 16-26 ms (prefix-100k), 16-26 ms
// (list-1000's first frames, 124 ms on 30 Nov) and 11-12 ms (realistic-snapshot); before the
// worker thread, 1,700 ms. FRAME_BUDGET_MS sets another budget (a loaded machine: 250 was held
// until 6 Dec).
const FRAME_BUDGET_MS = Number(process.env.FRAME_BUDGET_MS || 50);
// The single-threaded build (CFGI_WASM_THREADS=OFF; THREADED, harness.mjs) evaluates on the page's
// thread: its evaluating frames (the open, the typing's evaluations) are reported, and only the
// switches and the key frames are held, to the earlier 100 ms.
const SINGLE_BUDGET_MS = 100;

const CASES = [
  { name: 'large-mesh', files: ['samples/policy/large-mesh.scenario.yaml', 'samples/policy/large-mesh.yaml'],
    steps: ['profile=madr', 'view=tab=2'] },
  // Typing into a 3.6 MB file (as tests/gui/scale.sh's typing-3.5MB): the file alone, 20 keys.
  { name: 'typing-3.6MB', files: ['samples/policy/large-mesh.yaml'], steps: [], type: 'type=20' },
  { name: 'prefix-100k', files: ['samples/matcher/prefix-100k.scenario.yaml', 'samples/matcher/prefix-100k.yaml'],
    steps: ['profile=envoy', 'view=tab=1'] },
  { name: 'list-1000', files: ['samples/matcher/list-1000.scenario.yaml', 'samples/matcher/list-1000.json'],
    steps: ['profile=envoy', 'view=tab=2'] },
  { name: 'realistic-snapshot', files: ['samples/variants/realistic-snapshot.scenario.yaml', 'samples/variants/snapshot-response.json',
    'samples/variants/snapshot-proxy-request.yaml', 'samples/variants/snapshot-client.yaml'], steps: ['view=tab=1', 'view=tab=3'] },
];

let server;
let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, 'index.html')), `no site at ${SITE}: build the wasm preset first`);
  server = await serve();
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
});

describe('scale', () => {
  // The first frame after navigation: a figure this command reports (README "Figures"), not a gate:
  // wall time on a shared 2-core machine is not a test verdict. web.test.mjs only guards a hang.
  test('first frame after navigation (reported)', async () => {
    const { context, page, problems } = await openPage(browser, server.url);
    try {
      const ms = await page.evaluate(() => window.configInspector.firstFrameMs);
      console.log(`first-frame: ${ms.toFixed(0)} ms after navigation`);
      assert.ok(ms > 0, 'the page drew a frame');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
  for (const c of CASES) {
    test(`${c.name}: opening, evaluating${c.type ? ', typing' : ''} and switches stay under ${FRAME_BUDGET_MS} ms of UI thread`, async () => {
      const { context, page, problems } = await openPage(browser, server.url);
      try {
        const files = c.files.map((f) => ({ name: path.basename(f), text: fs.readFileSync(path.join(ROOT, f), 'utf8') }));
        // The page gets the texts first, so their transfer is not in the measured frames.
        await page.evaluate((fs) => { window.__files = fs; }, files);
        const t0 = Date.now();
        await page.evaluate(async () => {
          await window.configInspector.step('mark=open');
          window.cfgiWeb.deliver(window.__files, 0);
          await window.cfgiWeb.nextFrames(3);
          await window.configInspector.idle();
        });
        const loadMs = Date.now() - t0;
        // summary(), not state(): the whole state of large-mesh.yaml opened alone (its report: every
        // dataplane's rules) is ~250 MB of JSON, which Playwright's protocol validator took 7 minutes
        // to check in node (7 Dec; 474 s of the typing case, its frames and evaluations ~40 s).
        const engine = await page.evaluate(() => { const s = window.configInspector.summary(); return s.documents[s.active].engine; });
        assert.notEqual(engine, 'document', 'the sample was evaluated');
        const steps = ['mark=open', ...c.steps];
        for (const s of c.steps) await page.evaluate((step) => window.configInspector.step(step), s);
        if (c.type && THREADED) {  // single-threaded, typing pauses evaluate on the page's thread
          // Typing in the Source panel (the desktop's typing step): its key frames are tagged
          // `type=N keys`, the frames of the evaluation that follows `type=N`.
          await page.evaluate((st) => window.configInspector.step(st), c.type);
          steps.push(c.type + ' keys', c.type);
        }
        const stats = await page.evaluate(() => window.configInspector.frameStats());
        console.log(`${c.name}: results in ${loadMs} ms, frames ${stats.frames}, max ${stats.max_frame_ms} ms, ` +
                    `steps ${JSON.stringify(stats.tags)}`);
        for (const s of steps) {
          assert.ok(stats.tags[s], `no frame was tagged ${s}`);
          if (!THREADED && (s === 'mark=open' || s === c.type)) continue;  // evaluating on the page's thread: reported
          const budget = THREADED ? FRAME_BUDGET_MS : SINGLE_BUDGET_MS;
          assert.ok(stats.tags[s].max_ms <= budget, `${s}: a frame took ${stats.tags[s].max_ms} ms`);
        }
        assert.ok(stats.results_ms !== null, 'results were shown');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
