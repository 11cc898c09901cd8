// scripts/serve-site.py (what `make web` serves with): the isolation headers on every file, the
// build's gzip copy to a client that accepts gzip with the file's own Content-Type, the plain file
// to one that does not, and neither with --plain.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';

import { ROOT, SITE } from './harness.mjs';

const servers = [];

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

async function start(...extra) {
  const port = await freePort();
  const child = spawn('python3', [path.join(ROOT, 'scripts/serve-site.py'), '--port', String(port), '--dir', SITE, ...extra],
                      { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (/http:\/\/127\.0\.0\.1/.test(String(d))) resolve(); });
    child.on('exit', (code) => reject(new Error(`serve-site.py exited with ${code}`)));
  });
  return port;
}

function get(port, file, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/' + file, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

before(() => assert.ok(fs.existsSync(path.join(SITE, 'index.wasm.gz')), 'the site is built with its gzip copies'));
after(() => { for (const s of servers) s.kill(); });

test('serve-site.py sends the isolation headers and the gzip copy with the file\'s Content-Type', async () => {
  const port = await start();
  const wasm = fs.readFileSync(path.join(SITE, 'index.wasm'));
  const gz = await get(port, 'index.wasm', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(gz.headers['content-type'], 'application/wasm');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(gz.headers['cross-origin-embedder-policy'], 'require-corp');
  assert.deepEqual(gz.body, fs.readFileSync(path.join(SITE, 'index.wasm.gz')));
  assert.ok(zlib.gunzipSync(gz.body).equals(wasm));
  const plain = await get(port, 'index.wasm');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.equals(wasm));
  const js = await get(port, 'js/loader.js', { 'Accept-Encoding': 'gzip' });
  assert.equal(js.headers['content-type'], 'text/javascript');
  assert.equal(js.headers['content-encoding'], 'gzip');
});

test('serve-site.py --plain serves the files as they are, without the headers', async () => {
  const port = await start('--plain');
  const r = await get(port, 'index.wasm', { 'Accept-Encoding': 'gzip' });
  assert.equal(r.headers['content-encoding'], undefined);
  assert.equal(r.headers['cross-origin-opener-policy'], undefined);
  assert.ok(r.body.equals(fs.readFileSync(path.join(SITE, 'index.wasm'))));
});
