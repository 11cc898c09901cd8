// tests/lsp/vscode_extension.test.mjs: the VS Code extension of editors/vscode without VS Code
// (which this machine cannot run). extension.js is loaded with `vscode` and
// `vscode-languageclient/node` stood in for, so activate() hands over what VS Code would get:
// the server command and the document selector; the server is then started from exactly that
// command by a real LSP client and shows a Kuma mesh's and a matcher file's diagnostics and
// hovers. Then `vsce package` (editors/vscode's lockfile, @vscode/vsce) builds the .vsix, whose
// files are checked. Run by ctest (vscode_extension) with CFGI_CLI naming the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Module from 'node:module';
import { spawnSync } from 'node:child_process';
import { CLI, ROOT, lsp, uriOf, brief, checkFindings } from './lsp_client.mjs';

const EXT = path.join(ROOT, 'editors/vscode');
const require = Module.createRequire(import.meta.url);

// activate() with stand-ins: returns the LanguageClient's arguments.
function activateExtension(configuredPath) {
  const made = [];
  const stubs = {
    vscode: {
      workspace: {
        getConfiguration: (section) => ({ get: (key) => (section === 'configInspector' && key === 'path' ? configuredPath : undefined) }),
        onDidChangeConfiguration: () => ({ dispose() {} }),
      },
      window: { showInformationMessage() {} },
    },
    'vscode-languageclient/node': {
      TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 },
      LanguageClient: class {
        constructor(id, name, serverOptions, clientOptions) {
          made.push({ id, name, serverOptions, clientOptions });
        }
        start() { return Promise.resolve(); }
        stop() { return Promise.resolve(); }
      },
    },
  };
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request in stubs) return stubs[request];
    return load.call(this, request, parent, isMain);
  };
  try {
    const entry = path.join(EXT, JSON.parse(fs.readFileSync(path.join(EXT, 'package.json'), 'utf8')).main);
    delete require.cache[require.resolve(entry)];
    const ext = require(entry);
    const context = { subscriptions: [] };
    ext.activate(context);
    return { made, context, ext };
  } finally {
    Module._load = load;
  }
}

test('activate() starts `<configInspector.path> lsp` over stdio for the files the engines read', () => {
  const { made, context } = activateExtension(CLI);
  assert.equal(made.length, 1);
  assert.equal(made[0].id, 'configInspector');
  assert.deepEqual(made[0].serverOptions.run, { command: CLI, args: ['lsp'], transport: 0 });
  assert.deepEqual(made[0].serverOptions.debug, made[0].serverOptions.run);
  assert.deepEqual(made[0].clientOptions.documentSelector, [
    { scheme: 'file', language: 'yaml' },
    { scheme: 'file', language: 'json' },
    { scheme: 'file', pattern: '**/*.{textproto,txtpb,pbtxt,zone,dig}' },
  ]);
  assert.equal(context.subscriptions.length, 1);
  // Without the setting: the executable on PATH.
  assert.equal(activateExtension(undefined).made[0].serverOptions.run.command, 'config-inspector-cli');
  // Every sample's format (docs/formats.md: by extension) is a document the selector takes, but
  // .txt: a dig output saved as .txt is opened by hand as "dig" (any .txt would be checked otherwise).
  const pattern = /\.(textproto|txtpb|pbtxt|zone|dig)$/;
  const language = { '.yaml': 'yaml', '.yml': 'yaml', '.json': 'json' };
  const samples = fs.readdirSync(path.join(ROOT, 'samples'), { recursive: true })
    .filter((f) => fs.statSync(path.join(ROOT, 'samples', f)).isFile() && !/\.(py|txt)$/.test(f));
  assert.ok(samples.length > 90, `${samples.length} samples`);
  for (const f of samples) assert.ok(language[path.extname(f)] || pattern.test(f), `${f} is not selected`);
});

test('the server the extension starts shows a Kuma mesh\'s and a matcher file\'s diagnostics and hovers', async () => {
  const { made } = activateExtension(CLI);
  const { command, args } = made[0].serverOptions.run;
  const proc = (await import('node:child_process')).spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const conn = lsp.createProtocolConnection(new lsp.StreamMessageReader(proc.stdout), new lsp.StreamMessageWriter(proc.stdin));
  const published = new Map();
  const waiting = new Map();
  conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    published.set(p.uri, p);
    waiting.get(p.uri)?.(p);
  });
  conn.listen();
  const init = await conn.sendRequest(lsp.InitializeRequest.type,
    { processId: process.pid, rootUri: uriOf(ROOT), capabilities: {}, initializationOptions: { debounceMs: 0 } });
  // What the extension relies on (package.json's description: diagnostics, hovers, quick fixes,
  // the outline and go to definition).
  const c = init.capabilities;
  assert.equal(c.hoverProvider, true);
  assert.deepEqual(c.codeActionProvider, { codeActionKinds: ['quickfix'] });
  assert.equal(c.documentSymbolProvider, true);
  assert.equal(c.definitionProvider, true);
  assert.equal(c.textDocumentSync.change, 1);
  conn.sendNotification(lsp.InitializedNotification.type, {});
  const pkg = JSON.parse(fs.readFileSync(path.join(EXT, 'package.json'), 'utf8'));
  for (const word of ['Diagnostics', 'hovers', 'quick fixes', 'outline', 'go to definition'])
    assert.ok(pkg.description.includes(word), `package.json's description names ${word}`);

  const cases = [
    // [sample, languageId as VS Code names it, a position on a finding, the hover's first line]
    ['policy/realistic-mesh.yaml', 'yaml'],
    ['matcher/grpc-rejections.scenario.yaml', 'yaml'],
  ];
  for (const [rel, languageId] of cases) {
    const file = path.join(ROOT, 'samples', rel);
    const uri = uriOf(file);
    const got = new Promise((resolve) => waiting.set(uri, resolve));
    conn.sendNotification(lsp.DidOpenTextDocumentNotification.type,
      { textDocument: { uri, languageId, version: 1, text: fs.readFileSync(file, 'utf8') } });
    const p = await got;
    assert.deepEqual(brief(p.diagnostics), checkFindings(file), rel);
    assert.ok(p.diagnostics.length > 0, rel);
    const d = p.diagnostics[0];
    const h = await conn.sendRequest(lsp.HoverRequest.type, { textDocument: { uri }, position: d.range.start });
    assert.equal(h.contents.kind, 'markdown');
    assert.ok(h.contents.value.startsWith(`**${d.code}** (`), h.contents.value);
    conn.sendNotification(lsp.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }
  await conn.sendRequest(lsp.ShutdownRequest.type);
  conn.sendNotification(lsp.ExitNotification.type);
  assert.equal(await exited, 0);
});

test('vsce packages the extension: the .vsix holds extension.js, package.json, the README and vscode-languageclient', () => {
  const vsce = path.join(EXT, 'node_modules/.bin/vsce');
  assert.ok(fs.existsSync(vsce), 'editors/vscode/node_modules: run scripts/setup.sh (npm ci there)');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cfgi-vsix-')), 'config-inspector.vsix');
  const r = spawnSync(vsce, ['package', '--allow-missing-repository', '--skip-license', '-o', out],
    { cwd: EXT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const list = spawnSync('python3', ['-c',
    'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print("\\n".join(z.namelist())); ' +
    'sys.stderr.write(z.read("extension/package.json").decode())', out], { encoding: 'utf8' });
  assert.equal(list.status, 0, list.stderr);
  const names = list.stdout.trim().split('\n');
  for (const f of ['extension.vsixmanifest', 'extension/extension.js', 'extension/package.json', 'extension/readme.md',
    'extension/node_modules/vscode-languageclient/package.json', 'extension/node_modules/vscode-languageclient/node.js'])
    assert.ok(names.includes(f), `${f} in the .vsix`);
  assert.ok(!names.some((n) => n.includes('@vscode/vsce')), 'no build tool in the .vsix');
  assert.ok(!names.some((n) => n.endsWith('.vsix')), 'no .vsix in the .vsix');
  assert.deepEqual(JSON.parse(list.stderr), JSON.parse(fs.readFileSync(path.join(EXT, 'package.json'), 'utf8')));
});
