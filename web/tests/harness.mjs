// Test harness for the web build: a static server on 127.0.0.1 (an ephemeral port), Debian's
// chromium driven by playwright-core, and the CLI whose JSON the page must reproduce.
//   SITE  the built site (default build/wasm/site)
//   CLI   the CLI to compare with (default build/{native,bench}/app/cli/config-inspector-cli, else the
//         WebAssembly CLI under node: build/wasm/config-inspector-cli-node.sh)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE = path.resolve(ROOT, process.env.SITE || 'build/wasm/site');
// Whether SITE is the threaded build (CFGI_WASM_THREADS, the default): its shell marks it
// (<meta name="cfgi-threads">). Tests of what only one build does skip themselves on the other.
export const THREADED = fs.existsSync(path.join(SITE, 'index.html')) &&
  fs.readFileSync(path.join(SITE, 'index.html'), 'utf8').includes('name="cfgi-threads"');

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.data': 'application/octet-stream', '.json': 'application/json',
};

// Serves `site` (SITE) on 127.0.0.1 only. Resolves to {url, close, override}: `override(path, text, status)`
// answers `path` ('/sw.js') with `text` and `status` (200 unless given) instead of the file (text
// null: the file again). The server answers, not a page.route: a page's route does not see the
// requests its service worker makes once that worker controls the page.
// `isolate` (default true): the server sends the cross-origin isolation headers, as a host that
// can (docs/web.md "Hosting the site"); false: a plain static host, where the site's service worker
// adds them and the first visit reloads once (web/js/start.js).
export const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
// `compress` (default true, COMPRESS=0 in the environment turns it off): the files' gzip copies are
// served to a client that accepts them, as a host with stored copies does.
// `site` (default SITE): the directory served (first-frame.mjs serves several builds side by side).
export function serve({ isolate = true, compress = process.env.COMPRESS !== '0', site = SITE } = {}) {
  const overrides = new Map();
  const extra = isolate ? ISOLATION_HEADERS : {};
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (overrides.has(rel)) {
      const { text, status } = overrides.get(rel);
      res.writeHead(status, { 'Content-Type': MIME[path.extname(rel)] || 'application/octet-stream', 'Cache-Control': 'no-store', ...extra });
      res.end(text);
      return;
    }
    let file = path.join(site, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    // The build's gzip copy (cmake/web_compress.cmake), as a host with stored copies serves it
    // (nginx gzip_static): to a client that accepts gzip, with the file's own Content-Type. Never a
    // copy older than its file (a relink of index.wasm alone leaves the old copy behind).
    const gz = compress && /\bgzip\b/.test(req.headers['accept-encoding'] || '') && fs.existsSync(file + '.gz') &&
      fs.statSync(file + '.gz').mtimeMs >= fs.statSync(file).mtimeMs;
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store',
                         'Vary': 'Accept-Encoding', ...(gz ? { 'Content-Encoding': 'gzip' } : {}), ...extra });
    fs.createReadStream(gz ? file + '.gz' : file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((r) => server.close(r)),
        override: (p, text, status = 200) => (text === null ? overrides.delete(p) : overrides.set(p, { text, status })),
      });
    });
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

// playwright launches with a fresh temporary --user-data-dir of its own.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

// The server and the browser a test file shares: started in its `before`, stopped in its `after`.
// `needs`: a file of SITE that must exist (the site is built), else the file's tests fail saying so.
//   let site; before(async () => { site = await startSite({ needs: 'index.html' }); }); after(() => stopSite(site));
export async function startSite({ needs = null, isolate = true } = {}) {
  if (needs) assert.ok(fs.existsSync(path.join(SITE, needs)), `no ${needs} in ${SITE}: build the wasm preset first`);
  const server = await serve({ isolate });
  const browser = await launch();
  return { server, browser };
}

export async function stopSite(site) {
  if (!site) return;
  if (site.browser) await site.browser.close();
  if (site.server) await site.server.close();
}

// The problems a page recorded, less the one a navigation may cause to a sample's fetch: a reload
// or navigation while the page (or its service worker's cache fill) is still reading `sample`
// cuts that request (net::ERR_ABORTED). Nothing else may fail.
export function problemsBesidesAbortedFetch(problems, sample) {
  const escaped = sample.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const aborted = new RegExp(`^requestfailed: \\S+/${escaped}\\?sha256=\\w+ net::ERR_ABORTED$`);
  return problems.filter((p) => !aborted.test(p));
}

// Where a page's first frame came from, in ms after navigation (web.test.mjs's budget and
// first-frame.mjs): the first frame, index.wasm and index.data in (responseEnd; data_bytes as
// transferred), the module compiled and instantiated and the runtime initialised (js/loader.js's
// marks), and main() to the first frame (frameStats).
export function firstFrameStages(page) {
  return page.evaluate(() => {
    const res = (f) => performance.getEntriesByType('resource').find((e) => e.name.endsWith('/' + f));
    const end = (f) => (res(f) ? Math.round(res(f).responseEnd) : null);
    const mark = (m) => { const e = performance.getEntriesByName(m)[0]; return e ? Math.round(e.startTime) : null; };
    const stats = window.configInspector.frameStats();
    return { first_frame: Math.round(window.configInspector.firstFrameMs), wasm: end('index.wasm'), data: end('index.data'),
             data_bytes: res('index.data') ? res('index.data').encodedBodySize : null,
             compiled: mark('cfgi-wasm-compiled'), instantiated: mark('cfgi-wasm-instantiated'), runtime: mark('cfgi-runtime-initialized'),
             main_to_frame: stats.first_frame_ms != null ? Math.round(stats.first_frame_ms) : null };
  });
}

// A page that records console errors, page errors and failed requests.
// `gotoTimeout`: navigating to a 2 MB permalink takes Chromium longer than the default 30 s on a
// loaded machine. `beforeGoto(page)`: runs before the navigation (a `page.route` that answers for
// the server).
export async function openPage(browser, url, contextOptions = {}, gotoTimeout = 30000, beforeGoto = null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, ...contextOptions });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`); });
  page.on('requestfailed', (r) => problems.push('requestfailed: ' + r.url() + ' ' + (r.failure() || {}).errorText));
  if (beforeGoto) await beforeGoto(page);
  await page.goto(url, { timeout: gotoTimeout });
  await appReady(page, gotoTimeout);
  return { context, page, problems };
}

// Waits for the app's first frame. On a plain host the first visit installs the service worker
// and reloads once (web/js/start.js): the page that answers is then the reloaded one.
export async function appReady(page, timeout = 30000) {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      await page.waitForFunction(() => window.configInspector && (self.crossOriginIsolated || !window.cfgiStart.threads),
                                 null, { timeout: Math.max(1000, until - Date.now()) });
      await page.evaluate(() => window.configInspector.ready);
      return;
    } catch (e) {
      // The reload destroyed the context we were waiting in: wait in the new one.
      if (!/context was destroyed|navigation/i.test(String(e && e.message)) || Date.now() > until) throw e;
      await page.waitForLoadState('load').catch(() => {});
    }
  }
}

function cliCommand() {
  if (process.env.CLI) return [process.env.CLI];
  for (const preset of ['native', 'bench']) {
    const native = path.join(ROOT, `build/${preset}/app/cli/config-inspector-cli`);
    if (fs.existsSync(native)) return [native];
  }
  return [path.join(ROOT, 'build/wasm/config-inspector-cli-node.sh')];
}

// `config-inspector-cli eval --format json NAME...` for files given as {name: text}, run in a
// temporary directory so the file names in the JSON are the bare names.
export function cliJson(files, extraArgs = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfgi-web-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const [cmd, ...pre] = cliCommand();
    let out;
    try {
      out = execFileSync(cmd, [...pre, 'eval', '--format', 'json', ...extraArgs, ...Object.keys(files)], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 });
    } catch (e) {
      if (e.status !== 1) throw e;  // 1 = the file has errors: still a report
      out = e.stdout;
    }
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The page names uploads /uploads/<name> (or /uploads/<n>/<name> on a clash): the CLI, run
// beside the files, names them <name>. Replaces every such path in a JSON value.
export function stripUploads(value) {
  return JSON.parse(JSON.stringify(value).replace(/\/uploads\/(?:\d+\/)?/g, ''));
}

// Fraction of distinct colours and of non-background pixels in a PNG, decoded by the browser.
export async function pictureStats(page, png) {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bmp = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = document.createElement('canvas');
    c.width = bmp.width;
    c.height = bmp.height;
    const g = c.getContext('2d');
    g.drawImage(bmp, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const colours = new Set();
    const bg = [d[0], d[1], d[2]];
    let differ = 0;
    for (let i = 0; i < d.length; i += 4) {
      colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      if (Math.abs(d[i] - bg[0]) + Math.abs(d[i + 1] - bg[1]) + Math.abs(d[i + 2] - bg[2]) > 30) differ++;
    }
    return { width: c.width, height: c.height, colours: colours.size, foreground: differ / (d.length / 4) };
  }, png.toString('base64'));
}
