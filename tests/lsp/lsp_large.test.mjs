// tests/lsp/lsp_large.test.mjs: the language server on a 3.5 MB Kuma mesh (generated here by
// samples/policy/gen-large-mesh.py: 20,000 MeshServices, 2,000 policies). The diagnostics arrive
// within 1.3x of `check`'s time measured in the same run (best of two each, the ratio printed),
// and an edit made while the first check runs means that check's result is never published:
// the first diagnostics are the edited text's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, ROOT, startServer, brief, checkFindings } from './lsp_client.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfgi-lsp-large-'));
const file = path.join(dir, 'large-mesh.yaml');
const gen = spawnSync('python3', [path.join(ROOT, 'samples/policy/gen-large-mesh.py')], { encoding: 'utf8', maxBuffer: 1 << 28 });
fs.writeFileSync(file, gen.stdout);
const text = gen.stdout;

function timeCheck() {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(CLI, ['check', '--format', 'json', 'large-mesh.yaml'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, count: JSON.parse(r.stdout).diagnostics.length };
}

async function timeServer() {
  const s = await startServer({ debounceMs: 0 });
  const t0 = process.hrtime.bigint();
  const uri = s.open(file, text);
  const p = await s.diagnostics(uri, 1, 300000);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  assert.equal(await s.stop(), 0);
  return { ms, p };
}

test('diagnostics of a 3.5 MB mesh within 1.3x of check, equal to check\'s', async () => {
  assert.ok(text.length >= 3_500_000, `generated ${text.length} bytes`);
  const checks = [timeCheck(), timeCheck()];
  const servers = [await timeServer(), await timeServer()];
  const check = Math.min(...checks.map((c) => c.ms));
  const server = Math.min(...servers.map((s) => s.ms));
  const ratio = server / check;
  console.log(`lsp large: ${(text.length / 1e6).toFixed(2)} MB, check ${check.toFixed(0)} ms, ` +
    `diagnostics ${server.toFixed(0)} ms, ratio ${ratio.toFixed(2)} (budget 1.3)`);
  assert.deepEqual(brief(servers[0].p.diagnostics), checkFindings(file));
  assert.equal(servers[0].p.diagnostics.length, checks[0].count);
  assert.ok(ratio <= 1.3, `diagnostics took ${ratio.toFixed(2)}x check's time`);
});

test('an edit during the check: the stale result is never published', async () => {
  const t = timeCheck().ms;
  const s = await startServer({ debounceMs: 0 });
  const uri = s.open(file, text);
  // A third of the way into the first check, a policy that selects no dataplane is added.
  await new Promise((r) => setTimeout(r, t / 3));
  assert.equal(s.published.length, 0, 'the first check had already finished: the machine is too fast for this test');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const edited = text + '---\ntype: MeshTimeout\nname: lonely\nmesh: default\nspec:\n  targetRef: {kind: Dataplane, labels: {app: nobody}}\n' +
    '  to:\n    - targetRef: {kind: Mesh}\n      default: {connectionTimeout: 1s}\n';
  s.change(uri, edited, 2);
  const p = await s.diagnostics(uri, 2, 300000);
  assert.deepEqual(s.published.map((x) => x.version), [2]);
  const lonely = p.diagnostics.filter((d) => d.code === 'POL011');
  assert.equal(lonely.length, 1);
  assert.match(lonely[0].message, /MeshTimeout 'lonely' selects no dataplane/);
  assert.equal(lonely[0].range.start.line, lines + 5);
  assert.equal(await s.stop(), 0);
});
