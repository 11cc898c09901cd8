// Measures the first frame after navigation, for docs/web.md's budget (not a test: `node --test
// web/tests/` runs only *.test.mjs). N fresh loads of each site given, alternated (a, b, a, b, ...:
// the machine's drift falls on both), each in a fresh browser context (nothing cached, no service
// worker), the gzip copies served as a host with stored copies does (COMPRESS=0: the plain files).
//   node web/tests/first-frame.mjs [N] [SITE|URL ...]      (default 12 loads of build/wasm/site)
// A SITE is served by harness.mjs's server, in this process; a URL (http://...) is a server
// already running elsewhere (scripts/serve-site.py), which the browser's requests then do not
// share an event loop with the test's own CDP traffic.
// Prints each site's median and fastest of each stage (harness.mjs firstFrameStages).
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, firstFrameStages, launch, openPage, serve } from './harness.mjs';

const n = Number(process.argv[2] || 12);
const sites = (process.argv.length > 3 ? process.argv.slice(3) : ['build/wasm/site']).map((s) => (/^https?:/.test(s) ? s : path.resolve(ROOT, s)));

async function loadOnce(browser, url) {
  const { context, page, problems } = await openPage(browser, url);
  const r = await firstFrameStages(page);
  await context.close();
  assert.deepEqual(problems, [], url);  // a load that failed somewhere is not a figure
  return r;
}

const median = (xs) => { const s = xs.filter((x) => x != null).sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : null; };
const min = (xs) => { const s = xs.filter((x) => x != null); return s.length ? Math.min(...s) : null; };

const browser = await launch();
const servers = [];
for (const site of sites) servers.push(/^https?:/.test(site) ? { url: site, close: async () => {} } : await serve({ site }));
const runs = sites.map(() => []);
for (let i = 0; i < n; i++) {
  for (let s = 0; s < sites.length; s++) runs[s].push(await loadOnce(browser, servers[s].url));
}
for (let s = 0; s < sites.length; s++) {
  const keys = Object.keys(runs[s][0]);
  const row = keys.map((k) => `${k} ${median(runs[s].map((r) => r[k]))}/${min(runs[s].map((r) => r[k]))}`).join(', ');
  console.log(`${/^https?:/.test(sites[s]) ? sites[s] : path.relative(ROOT, sites[s])} (${n} loads, median/fastest ms): ${row}`);
}
for (const s of servers) await s.close();
await browser.close();
