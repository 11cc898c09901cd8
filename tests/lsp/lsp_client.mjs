// tests/lsp/lsp_client.mjs: a real LSP client (vscode-languageserver-protocol over
// vscode-jsonrpc) for `config-inspector-cli lsp`, and what the tests compare it with: the
// findings of `config-inspector-cli check --format json` (code, severity, start) and
// `--format sarif` (end), converted to LSP positions (0-based lines, UTF-16 columns) here, apart
// from the server's own conversion.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
export const lsp = require('vscode-languageserver-protocol/node');

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = process.env.CFGI_CLI || path.join(ROOT, 'build/native/app/cli/config-inspector-cli');
export const uriOf = (p) => pathToFileURL(p).href;

// Starts the server; `published` collects every publishDiagnostics in arrival order.
export async function startServer({ debounceMs = 0, initialize = true } = {}) {
  const proc = spawn(CLI, ['lsp'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  const conn = lsp.createProtocolConnection(new lsp.StreamMessageReader(proc.stdout), new lsp.StreamMessageWriter(proc.stdin));
  const published = [];
  let waiters = [];
  conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    waiters = waiters.filter((w) => !w(p));
  });
  conn.listen();
  const server = {
    proc, conn, published, exited, stderr: () => stderr, capabilities: null,
    // The first publishDiagnostics for `uri` (with `version` when given) not yet seen.
    diagnostics(uri, version, timeoutMs = 60000) {
      const match = (p) => p.uri === uri && (version === undefined || p.version === version);
      const old = published.find(match);
      if (old) return Promise.resolve(old);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version} in ${timeoutMs} ms`)), timeoutMs);
        waiters.push((p) => { if (!match(p)) return false; clearTimeout(t); resolve(p); return true; });
      });
    },
    open(file, text, version = 1) {
      const uri = uriOf(file);
      conn.sendNotification(lsp.DidOpenTextDocumentNotification.type,
        { textDocument: { uri, languageId: 'yaml', version, text } });
      return uri;
    },
    change(uri, text, version) {
      conn.sendNotification(lsp.DidChangeTextDocumentNotification.type,
        { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    async stop() {
      await conn.sendRequest(lsp.ShutdownRequest.type);
      conn.sendNotification(lsp.ExitNotification.type);
      return exited;
    },
  };
  if (initialize) {
    const r = await conn.sendRequest(lsp.InitializeRequest.type,
      { processId: process.pid, rootUri: uriOf(ROOT), capabilities: {}, initializationOptions: { debounceMs } });
    server.capabilities = r.capabilities;
    conn.sendNotification(lsp.InitializedNotification.type, {});
  }
  return server;
}

// UTF-16 code units in the first `bytes` bytes of a line's UTF-8.
export function utf16(line, bytes) {
  return Buffer.from(line, 'utf8').subarray(0, bytes).toString('utf8').length;
}

// The literal-block sources a scenario embeds (`- name: N` then `text: |`): name -> the 0-based
// line of `text: |` and the block's indentation.
export function embeddedBlocks(text) {
  const lines = text.split('\n');
  const out = new Map();
  for (let i = 0; i + 1 < lines.length; ++i) {
    const n = /^\s*-\s+name:\s*(\S+)\s*$/.exec(lines[i]);
    if (!n || !/^\s+text:\s*\|\s*$/.test(lines[i + 1])) continue;
    let k = i + 2;
    while (k < lines.length && lines[k].trim() === '') ++k;
    out.set(n[1], { textLine: i + 1, indent: lines[k].length - lines[k].trimStart().length });
  }
  return out;
}

const SEVERITY = { error: 1, warning: 2, note: 3 };

// What `check` reports for `file` (run in its directory, as the server finds the project file
// from there), as LSP diagnostics in `file`: "CODE severity L:C-L:C" sorted. Findings in a
// source embedded in `file` are placed where the block holds them.
// With `together`, the other files of the directory checked with it (`check a.yaml b.yaml`).
export function checkFindings(file, together = []) {
  const dir = path.dirname(file), base = path.basename(file);
  const names = [base, ...together.map((f) => path.basename(f))].sort();
  const run = (format) => JSON.parse(spawnSync(CLI, ['check', '--format', format, ...names], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout);
  const json = run('json'), sarif = run('sarif');
  const diags = json.diagnostics || json.groups.flatMap((g) => g.diagnostics);
  const text = require('node:fs').readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const blocks = embeddedBlocks(text);
  const results = sarif.runs[0].results;
  const out = [];
  for (const d of diags) {
    const r = results.find((x) => x.ruleId === d.code && x.message.text === d.message &&
      x.locations?.[0]?.physicalLocation?.artifactLocation?.uri === d.file &&
      x.locations?.[0]?.physicalLocation?.region?.startLine === d.line &&
      x.locations[0].physicalLocation.region.startColumn === d.column);
    const region = r.locations[0].physicalLocation.region;
    let place;
    if (d.file === base) {
      place = (l, c) => `${l - 1}:${utf16(lines[l - 1], c - 1)}`;
    } else if (blocks.has(d.file)) {
      const b = blocks.get(d.file);
      place = (l, c) => `${b.textLine + l}:${utf16(lines[b.textLine + l], b.indent + c - 1)}`;
    } else {
      continue;  // another file (a referenced source): its own diagnostics when it is open
    }
    out.push(`${d.code} ${SEVERITY[d.severity]} ${place(d.line, d.column)}-${place(region.endLine, region.endColumn)}`);
  }
  return out.sort();
}

export const brief = (ds) => ds.map((d) =>
  `${d.code} ${d.severity} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`).sort();

// Applies LSP TextEdits (same document) to `text`.
export function applyEdits(text, edits) {
  const lines = text.split('\n');
  const offset = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const e of sorted) text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  return text;
}
