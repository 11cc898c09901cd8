// tests/lsp/lsp.test.mjs: `config-inspector-cli lsp` driven by a real LSP client (node --test;
// vscode-languageserver-protocol over vscode-jsonrpc, tests/lsp/package-lock.json). Run by ctest
// (tests/CMakeLists.txt, label lsp) with CFGI_CLI naming the CLI. Exact assertions: the
// capabilities, every finding of `check` on samples of every engine (code, severity, start and
// end in UTF-16 columns), the hover texts, the edits of the quick fixes and what is left after
// applying them, the outline, definitions, error codes and exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, ROOT, lsp, startServer, uriOf, checkFindings, brief, applyEdits } from './lsp_client.mjs';

const sample = (p) => path.join(ROOT, 'samples', p);
const read = (p) => fs.readFileSync(p, 'utf8');
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cfgi-lsp-'));

test('initialize answers the capabilities, then shutdown and exit end with 0', async () => {
  const s = await startServer();
  assert.deepEqual(s.capabilities, {
    codeActionProvider: { codeActionKinds: ['quickfix'] },
    definitionProvider: true,
    documentSymbolProvider: true,
    hoverProvider: true,
    positionEncoding: 'utf-16',
    textDocumentSync: { change: 1, openClose: true, save: false },
  });
  assert.equal(await s.stop(), 0);
});

test('exit without shutdown ends with 1; requests before initialize get ServerNotInitialized', async () => {
  const s = await startServer({ initialize: false });
  await assert.rejects(s.conn.sendRequest(lsp.HoverRequest.type,
    { textDocument: { uri: uriOf(sample('txt/dead-choice.zone')) }, position: { line: 0, character: 0 } }),
  (e) => e.code === -32002);
  await assert.rejects(s.conn.sendRequest('config-inspector/unknown', {}), (e) => e.code === -32002);
  await s.conn.sendRequest(lsp.InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
  await assert.rejects(s.conn.sendRequest('config-inspector/unknown', {}), (e) => e.code === -32601);
  await assert.rejects(s.conn.sendRequest(lsp.InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} }),
    (e) => e.code === -32600);
  s.conn.sendNotification('config-inspector/unknown', {});  // ignored: the server still answers
  assert.deepEqual(await s.conn.sendRequest(lsp.DocumentSymbolRequest.type,
    { textDocument: { uri: uriOf(sample('txt/dead-choice.zone')) } }), []);
  s.conn.sendNotification(lsp.ExitNotification.type);
  assert.equal(await s.exited, 1);
});

test('requests after shutdown are InvalidRequest', async () => {
  const s = await startServer();
  await s.conn.sendRequest(lsp.ShutdownRequest.type);
  await assert.rejects(s.conn.sendRequest(lsp.HoverRequest.type,
    { textDocument: { uri: uriOf(sample('txt/dead-choice.zone')) }, position: { line: 0, character: 0 } }),
  (e) => e.code === -32600);
  s.conn.sendNotification(lsp.ExitNotification.type);
  assert.equal(await s.exited, 0);
});

// Every engine, native files and scenarios (whose embedded sources' findings are placed in the
// scenario file), with findings of every severity.
const SAMPLES = [
  ['variants', 'variants/transition-after-one-response.textproto', 2],
  ['variants (embedded)', 'variants/invalid-constraints.scenario.yaml', 4],
  ['matcher (embedded)', 'matcher/grpc-rejections.scenario.yaml', 10],
  ['matcher (embedded JSON)', 'matcher/a106-example1-linear.scenario.yaml', 2],
  ['txt', 'txt/dead-choice.zone', 2],
  ['policy', 'policy/realistic-mesh.yaml', 3],
  ['targeting', 'targeting/storage_manifest.json', 2],
  ['targeting (scenario)', 'targeting/errors.scenario.yaml', 9],
  ['document', 'document/app-values.yaml', 1],
];

test('diagnostics equal check --format json (code, severity, start) and SARIF (end) on every engine', async () => {
  const s = await startServer();
  for (const [engine, file, count] of SAMPLES) {
    const uri = s.open(sample(file), read(sample(file)));
    const got = await s.diagnostics(uri, 1);
    const want = checkFindings(sample(file));
    assert.equal(want.length, count, `${engine}: check's findings in ${file}`);
    assert.deepEqual(brief(got.diagnostics), want, `${engine}: ${file}`);
    for (const d of got.diagnostics) {
      assert.equal(d.source, 'config-inspector');
      assert.match(d.codeDescription.href, new RegExp(`/docs/diagnostics\\.md#${d.code.toLowerCase()}$`));
    }
    // Closed: the next sample of the directory is checked alone, as `check FILE` is.
    s.conn.sendNotification(lsp.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }
  assert.equal(await s.stop(), 0);
});

test('relatedInformation: the other place a finding names, in the file or placed in the scenario', async () => {
  const s = await startServer();
  const zone = sample('txt/dead-choice.zone');
  const zu = s.open(zone, read(zone));
  const dead = (await s.diagnostics(zu, 1)).diagnostics.find((d) => d.code === 'TXT038');
  // Choice 1 starts at byte 180 of line 2; choice 0, the one that matches every client, at 43.
  assert.deepEqual(dead.relatedInformation, [{ location: { uri: zu, range: { start: { line: 1, character: 43 }, end: { line: 1, character: 179 } } },
    message: 'choice 0 matches every client' }]);
  // check --format json names the same place (1-based).
  const json = JSON.parse(spawnSync(CLI, ['check', '--format', 'json', zone], { encoding: 'utf8' }).stdout);
  assert.deepEqual(json.diagnostics.find((d) => d.code === 'TXT038').related.map((r) => [r.line, r.column, r.message]),
    [[2, 44, 'choice 0 matches every client']]);
  // A matcher embedded in a scenario: the shadowing matcher is placed in the scenario file too.
  const sc = sample('matcher/a106-example2-keep-matching.scenario.yaml');
  const su = s.open(sc, read(sc));
  const shadowed = (await s.diagnostics(su, 1)).diagnostics.find((d) => d.code === 'MAT016');
  assert.deepEqual(shadowed.range, { start: { line: 21, character: 12 }, end: { line: 22, character: 39 } });
  assert.deepEqual(shadowed.relatedInformation, [{ location: { uri: su, range: { start: { line: 18, character: 12 }, end: { line: 19, character: 39 } } },
    message: 'matchers[2] (custom_match: true) matches first and ends the list' }]);
  assert.equal(await s.stop(), 0);
});

test('files of a directory that form one mesh are checked together, each with its own diagnostics', async () => {
  const dir = tmp();
  const mesh = path.join(dir, 'mesh.yaml'), policy = path.join(dir, 'policy.yaml');
  fs.writeFileSync(mesh, ['type: Mesh', 'name: default', '---', 'type: MeshService', 'name: backend', 'mesh: default',
    'labels: {app: backend}', 'spec:', '  selector: {dataplaneTags: {app: backend}}', '  ports: [{port: 8080, appProtocol: http}]',
    '---', 'type: Dataplane', 'name: frontend-1', 'mesh: default', 'labels: {app: frontend}', 'networking:',
    '  address: 10.0.0.1', '  inbound: [{port: 8080, tags: {kuma.io/service: frontend, app: frontend}}]', ''].join('\n'));
  fs.writeFileSync(policy, ['type: MeshTimeout', 'name: to-backend', 'mesh: default', 'spec:',
    '  targetRef: {kind: Dataplane, labels: {app: frontend}}', '  to:', '    - targetRef: {kind: MeshService, name: backend}',
    '      default: {connectionTimeout: 2s}', '    - targetRef: {kind: MeshService, name: missing}',
    '      default: {connectionTimeout: 3s}', ''].join('\n'));
  const s = await startServer();
  // Alone, the policy names a MeshService nobody declares (POL008) in an undeclared mesh (POL020).
  const pu = s.open(policy, read(policy));
  assert.deepEqual(brief((await s.diagnostics(pu, 1)).diagnostics), ['POL008 2 6:17-6:50', 'POL008 2 8:17-8:50', 'POL020 3 0:0-9:37']);
  assert.deepEqual(brief((await s.diagnostics(pu, 1)).diagnostics), checkFindings(policy));
  // With the mesh open too: one scenario, as `check mesh.yaml policy.yaml`; only 'missing' is left.
  const mu = s.open(mesh, read(mesh));
  const m = await s.diagnostics(mu, 1);
  // The same check publishes the policy file again (after mesh.yaml: in URI order).
  while (s.published.filter((x) => x.uri === pu).length < 2) await new Promise((r) => setTimeout(r, 10));
  const after = s.published.filter((x) => x.uri === pu).at(-1);
  assert.deepEqual(brief(after.diagnostics), ['POL008 2 8:17-8:50']);
  assert.deepEqual(brief(after.diagnostics), checkFindings(policy, [mesh]));
  assert.deepEqual(brief(m.diagnostics), checkFindings(mesh, [policy]));
  // Go to definition crosses files: the targetRef names the MeshService in mesh.yaml.
  const defs = await s.conn.sendRequest(lsp.DefinitionRequest.type, { textDocument: { uri: pu }, position: { line: 6, character: 30 } });
  assert.deepEqual(defs, [{ uri: mu, range: { start: { line: 3, character: 0 }, end: { line: 9, character: 40 } } }]);
  assert.equal(await s.stop(), 0);
});

test('UTF-16 columns: findings after non-ASCII text on their line', async () => {
  const dir = tmp();
  const file = path.join(dir, 'dead-choice.zone');
  fs.writeFileSync(file, read(sample('txt/dead-choice.zone')).replace('Canary', 'Cänary😀'));
  const s = await startServer();
  const got = await s.diagnostics(s.open(file, read(file)), 1);
  const want = checkFindings(file);
  assert.deepEqual(brief(got.diagnostics), want);
  // TXT038 starts after 'ä' (2 bytes, 1 unit) and '😀' (4 bytes, 2 units): 3 bytes fewer.
  const t38 = got.diagnostics.find((d) => d.code === 'TXT038');
  assert.equal(t38.range.start.character, 180 + 'Cänary😀'.length - 'Canary'.length);
  assert.equal(await s.stop(), 0);
});

test('hover: the finding and its documentation, and each engine\'s explanation', async () => {
  const s = await startServer();
  const hover = async (file, line, character) => {
    const r = await s.conn.sendRequest(lsp.HoverRequest.type, { textDocument: { uri: uriOf(sample(file)) }, position: { line, character } });
    return r ? r.contents.value : null;
  };
  const openAll = async (...files) => {
    for (const f of files) s.open(sample(f), read(sample(f)));
    for (const f of files) await s.diagnostics(uriOf(sample(f)), 1);
  };
  // txt: a finding, then a choice and the implementations that pick it.
  await openAll('txt/dead-choice.zone');
  let h = await hover('txt/dead-choice.zone', 1, 190);
  assert.ok(h.startsWith('**TXT038** (warning): choice 1 is never selected by grpc-core: choice 0 before it matches every client'), h);
  assert.match(h, /\*A dead choice\* — \[TXT038 in docs\/diagnostics\.md\]\(file:\/\/.*\/docs\/diagnostics\.md#txt038\)/);
  h = await hover('txt/dead-choice.zone', 1, 70);
  assert.equal(h, '**Why** (txt, the scenario\'s inputs)\n\n- **choice 0**: ✓ matched — selected *(grpc-core, grpc-java, grpc-go, a2)*\n');
  // matcher: a predicate of a source embedded in a scenario, for each of its requests.
  await openAll('matcher/a106-example1-linear.scenario.yaml');
  h = await hover('matcher/a106-example1-linear.scenario.yaml', 16, 18);
  assert.ok(h.includes("- matcher 0 › matchers[0] › **single_predicate**: ✗ no-match — header 'x-user-segment' = 'standard-user-1'; exact 'premium': false *(grpc-core, envoy, grpc-java, a106)*\n"), h);
  assert.ok(h.includes("- matcher 1 › matchers[0] › **single_predicate**: ✗ no-match — header 'x-user-segment' = 'guest'; exact 'premium': false *(grpc-core, envoy, grpc-java, a106)*\n"), h);
  // policy: the merged value of a field for the scenario's dataplane and who set or overrode it.
  await openAll('policy/realistic-mesh.scenario.yaml', 'policy/realistic-mesh.yaml');
  h = await hover('policy/realistic-mesh.yaml', 101, 22);
  assert.ok(h.startsWith('**Merged for dataplane `frontend-7d9c8.kuma-demo`** (profile kuma-2.14)\n\n'), h);
  assert.ok(h.includes('- `MeshTimeout` for `mesh:name/default`: `/http/requestTimeout` = `15s`, set by **MeshTimeout mesh-timeouts.kuma-system to[0]** (the merged value)\n'), h);
  assert.ok(h.includes('- `MeshTimeout` for `meshservice:mesh/default:namespace/kuma-demo:name/backend`: `/http/requestTimeout` = `15s` is overridden by **MeshTimeout backend-producer.kuma-demo to[0]** (merged value `3s`)\n'), h);
  // targeting: a component and the instance its configuration makes.
  await openAll('targeting/value_injection.scenario.yaml');
  h = await hover('targeting/value_injection.scenario.yaml', 12, 8);
  assert.ok(h.includes("- **component app::TenantView**: · — factory 'tenant.view': instance app::TenantView_tenant~acme from configuration tenant~acme *(cppmicroservices)*"), h);
  // targeting: a DS reference, its effective filter and the services that satisfy it.
  h = await hover('targeting/value_injection.scenario.yaml', 15, 15);
  assert.equal(h, '**Why** (targeting, the scenario\'s inputs)\n\n- component app::TenantView › **reference Store**: ✓ matched — ' +
    'method 2: "(&(tenant={{tenant}})(tier=gold))" -> "(&(tenant=*)(tier=gold))"; effective filter ' +
    '(&(objectclass=app::IStore)(&(tenant=*)(tier=gold))); 2 matching service(s): service 1, service 2 *(cppmicroservices)*\n');
  // variants: a variant, for each subscription.
  await openAll('variants/basic-env.scenario.yaml');
  h = await hover('variants/basic-env.scenario.yaml', 10, 6);
  assert.ok(h.includes('- subscription {env=prod} 0 › route-config › **variant 0: env=prod**: ✓ matched — matches *(tp2)*\n'), h);
  assert.ok(h.includes('- subscription {env=test} 1 › route-config › **variant 0: env=prod**: ✗ no-match — does not match *(tp2)*\n'), h);
  // document: the finding of a file no engine reads.
  await openAll('document/app-values.yaml');
  h = await hover('document/app-values.yaml', 0, 0);
  assert.ok(h.startsWith('**ENG001** (error): no engine recognises this yaml file as its input'), h);
  assert.equal(await s.stop(), 0);
});

test('quick fixes: the ignore comment and the did-you-mean edit each remove their finding', async () => {
  const dir = tmp();
  const file = path.join(dir, 'mesh.yaml');
  const text = ['type: Mesh', 'name: default', '---', 'type: MeshTimeout', 'name: timeouts', 'mesh: default', 'spec:',
    '  targetRef: {kind: Mesh}', '  to:', '    - targetRef: {kind: Mesh}', '      default:', '        http:',
    '          requestTimout: 5s', '        connectionTimeout: 2s', ''].join('\n');
  fs.writeFileSync(file, text);
  const s = await startServer();
  const uri = s.open(file, text);
  const first = await s.diagnostics(uri, 1);
  assert.deepEqual(brief(first.diagnostics), ['POL040 1 12:10-12:23', 'POL072 1 12:10-12:27']);
  assert.deepEqual(brief(first.diagnostics), checkFindings(file));
  const actions = await s.conn.sendRequest(lsp.CodeActionRequest.type, {
    textDocument: { uri }, range: first.diagnostics[0].range, context: { diagnostics: first.diagnostics } });
  // Every finding the range touches has its fixes; POL072 starts where POL040 does.
  assert.deepEqual(actions.map((a) => a.title), ['Ignore POL040 here (config-inspector: ignore comment)', "Change to 'requestTimeout'",
    'Ignore POL072 here (config-inspector: ignore comment)']);
  assert.deepEqual(actions[0].edit.changes[uri], [{ range: { start: { line: 12, character: 0 }, end: { line: 12, character: 0 } },
    newText: '          # config-inspector: ignore POL040 -- reason\n' }]);
  assert.deepEqual(actions[1].edit.changes[uri], [{ range: { start: { line: 12, character: 10 }, end: { line: 12, character: 23 } },
    newText: 'requestTimeout' }]);
  // POL072 (no timeout in http) goes with the misspelling: the did-you-mean fixes both.
  // The ignore comment removes exactly its finding (a used suppression: no SUP note), and
  // `check` of the edited file agrees.
  const ignored = applyEdits(text, actions[0].edit.changes[uri]);
  s.change(uri, ignored, 2);
  assert.deepEqual(brief((await s.diagnostics(uri, 2)).diagnostics), ['POL072 1 13:10-13:27']);
  fs.writeFileSync(file, ignored);
  assert.deepEqual(checkFindings(file), ['POL072 1 13:10-13:27']);
  const fixed = applyEdits(text, actions[1].edit.changes[uri]);
  s.change(uri, fixed, 3);
  assert.deepEqual((await s.diagnostics(uri, 3)).diagnostics, []);
  assert.equal(await s.stop(), 0);
});

test('the Kuma 3.0 rewrite (POL061 under kuma-3.0-preview): targetRef.name becomes labels, and nothing else changes', async () => {
  const dir = tmp();
  fs.writeFileSync(path.join(dir, '.config-inspector.yaml'),
    'paths:\n  - {files: "*.yaml", engine: policy, profile: kuma-3.0-preview}\n');
  const file = path.join(dir, 'mesh.yaml');
  const text = ['type: Mesh', 'name: default', '---', 'type: MeshService', 'name: backend', 'mesh: default', 'labels:',
    '  kuma.io/display-name: backend', 'spec:', '  selector:', '    dataplaneLabels:', '      matchLabels:', '        app: backend', '  ports:',
    '    - port: 8080', '---', 'type: MeshTimeout', 'name: timeouts', 'mesh: default', 'spec:', '  targetRef:',
    '    kind: Mesh', '  to:', '    - targetRef:', '        kind: MeshService', '        name: backend', '      default:',
    '        idleTimeout: 20s', ''].join('\n');
  fs.writeFileSync(file, text);
  // `check --format json` carries the same fix (1-based line and column, exclusive end).
  const json = JSON.parse(spawnSync(CLI, ['check', '--format', 'json', 'mesh.yaml'], { cwd: dir, encoding: 'utf8' }).stdout);
  const pol061 = json.diagnostics.filter((d) => d.code === 'POL061');
  assert.equal(pol061.length, 1);
  assert.deepEqual(pol061[0].fixes, [{ title: 'Select by labels (Kuma 3.0): kuma.io/display-name: backend',
    edits: [{ line: 26, column: 9, end_line: 26, end_column: 22, text: 'labels:\n          kuma.io/display-name: backend' }] }]);
  const s = await startServer();
  const uri = s.open(file, text);
  const first = await s.diagnostics(uri, 1);
  assert.deepEqual(brief(first.diagnostics), checkFindings(file));
  const d = first.diagnostics.find((x) => x.code === 'POL061');
  assert.equal(brief([d])[0], 'POL061 1 25:8-25:12');
  const actions = await s.conn.sendRequest(lsp.CodeActionRequest.type, { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
  assert.deepEqual(actions.map((a) => a.title), ['Ignore POL061 here (config-inspector: ignore comment)',
    'Select by labels (Kuma 3.0): kuma.io/display-name: backend']);
  const rewrite = actions[1];
  assert.equal(rewrite.kind, 'quickfix');
  assert.equal(rewrite.isPreferred, true);
  assert.deepEqual(rewrite.diagnostics.map((x) => x.code), ['POL061']);
  assert.deepEqual(rewrite.edit.changes[uri], [{ range: { start: { line: 25, character: 8 }, end: { line: 25, character: 21 } },
    newText: 'labels:\n          kuma.io/display-name: backend' }]);
  const fixed = applyEdits(text, rewrite.edit.changes[uri]);
  assert.ok(fixed.includes('    - targetRef:\n        kind: MeshService\n        labels:\n          kuma.io/display-name: backend\n      default:\n'), fixed);
  // What the name selects (go to definition: the MeshService), the labels select after the edit.
  const def = (line) => s.conn.sendRequest(lsp.DefinitionRequest.type, { textDocument: { uri }, position: { line, character: 8 } });
  const service = [{ uri, range: { start: { line: 3, character: 0 }, end: { line: 14, character: 16 } } }];
  assert.deepEqual(await def(24), service);
  s.change(uri, fixed, 2);
  const after = (await s.diagnostics(uri, 2)).diagnostics;
  // POL061 is gone and no finding came: the others are those of before (by code and message).
  const others = (ds) => ds.filter((x) => x.code !== 'POL061').map((x) => `${x.code} ${x.message}`).sort();
  assert.deepEqual(after.map((x) => x.code).filter((c) => c === 'POL061'), []);
  assert.deepEqual(others(after), others(first.diagnostics));
  fs.writeFileSync(file, fixed);
  assert.deepEqual(brief(after), checkFindings(file));
  assert.deepEqual(await def(24), service);
  assert.equal(await s.stop(), 0);
});

test('the ignore comment in a zone file uses ";" and removes the finding', async () => {
  const dir = tmp();
  const file = path.join(dir, 'dead-choice.zone');
  const text = read(sample('txt/dead-choice.zone'));
  fs.writeFileSync(file, text);
  const s = await startServer();
  const uri = s.open(file, text);
  const d = (await s.diagnostics(uri, 1)).diagnostics.find((x) => x.code === 'TXT038');
  const actions = await s.conn.sendRequest(lsp.CodeActionRequest.type, { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
  const ignore = actions.find((a) => a.title === 'Ignore TXT038 here (config-inspector: ignore comment)');
  assert.equal(ignore.edit.changes[uri][0].newText, '; config-inspector: ignore TXT038 -- reason\n');
  s.change(uri, applyEdits(text, ignore.edit.changes[uri]), 2);
  assert.deepEqual(brief((await s.diagnostics(uri, 2)).diagnostics), ['TXT039 3 2:59-2:61']);
  assert.equal(await s.stop(), 0);
});

test('document symbols and go to definition from a targetRef (Kuma)', async () => {
  const s = await startServer();
  const file = sample('policy/realistic-mesh.yaml');
  const uri = s.open(file, read(file));
  await s.diagnostics(uri, 1);
  const symbols = await s.conn.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.deepEqual(symbols.slice(0, 3).map((x) => [x.name, x.detail, x.kind, x.range.start.line, x.range.end.line]),
    [['default', 'Mesh', 2, 3, 6], ['frontend.kuma-demo', 'MeshService', 5, 8, 16], ['backend.kuma-demo', 'MeshService', 5, 18, 27]]);
  const timeouts = symbols.find((x) => x.name === 'mesh-timeouts.kuma-system');
  assert.deepEqual([timeouts.detail, timeouts.kind, timeouts.children.map((c) => [c.name, c.detail, c.range.start.line])],
    ['MeshTimeout', 19, [['to[0]', 'Mesh', 97]]]);
  // `- targetRef: {kind: MeshService, name: backend}` (line 113) selects the MeshService backend.
  const defs = await s.conn.sendRequest(lsp.DefinitionRequest.type, { textDocument: { uri }, position: { line: 112, character: 25 } });
  assert.deepEqual(defs, [{ uri, range: { start: { line: 18, character: 0 }, end: { line: 27, character: 48 } } }]);
  assert.deepEqual(await s.conn.sendRequest(lsp.DefinitionRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } }), []);
  assert.equal(await s.stop(), 0);
});

test('outline of every engine: matchers, TXT choices, DS components and references, TP2 variants', async () => {
  const s = await startServer();
  const outline = async (file) => {
    const uri = s.open(sample(file), read(sample(file)));
    await s.diagnostics(uri, 1);
    const out = [];
    const walk = (x, depth) => {
      out.push([depth, x.name, x.detail, x.kind, x.range.start.line, x.range.start.character, x.range.end.line, x.range.end.character]);
      for (const c of x.children || []) walk(c, depth + 1);
    };
    for (const x of await s.conn.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument: { uri } })) walk(x, 0);
    s.conn.sendNotification(lsp.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    return out;
  };
  // A matcher list embedded in a scenario: its items placed in the scenario file.
  assert.deepEqual(await outline('matcher/a106-example2-keep-matching.scenario.yaml'), [
    [0, 'matchers[0]', 'custom_match: true', 12, 12, 12, 13, 60], [0, 'matchers[1]', 'custom_match: false', 12, 15, 12, 16, 39],
    [0, 'matchers[2]', 'custom_match: true', 12, 18, 12, 19, 39], [0, 'matchers[3]', 'custom_match: false', 12, 21, 12, 22, 39]]);
  // A zone file: the name, then its choices (choice 1 is the dead one, from byte 180).
  assert.deepEqual(await outline('txt/dead-choice.zone'), [
    [0, '_grpc_config.srv', 'TXT grpc_config', 2, 1, 0, 1, 16],
    [1, 'choice 0', 'percentage', 20, 1, 43, 1, 179], [1, 'choice 1', 'every client', 20, 1, 180, 1, 298]]);
  // A DS manifest: components with what they provide, and their references with interface and target.
  const ds = await outline('targeting/storage_manifest.json');
  assert.deepEqual(ds.slice(0, 2), [[0, 'storage::ReplicatedStore', 'provides storage::IStore', 5, 5, 6, 39, 7],
    [1, 'Primary', 'storage::IBackend (&(region={{region}})(role=primary))', 11, 12, 10, 18, 11]]);
  assert.deepEqual(ds.slice(5), [[0, 'storage::Janitor', 'component', 5, 40, 6, 51, 7], [1, 'Backend', 'storage::IBackend (role=primary)', 11, 45, 10, 49, 11]]);
  // TP2: each resource with its variants (canonical constraints).
  assert.deepEqual(await outline('variants/basic-env.scenario.yaml'), [
    [0, 'route-config', 'resource', 5, 10, 6, 13, 43],
    [1, 'variant 0', 'constraint { key: "env" value: "prod" }', 20, 10, 6, 10, 43],
    [1, 'variant 1', 'constraint { key: "env" value: "test" }', 20, 13, 6, 13, 43]]);
  assert.equal(await s.stop(), 0);
});

test('go to definition: a DS reference to its providers, a scenario source to its file', async () => {
  const s = await startServer();
  const scenario = sample('targeting/storage_registry.scenario.yaml'), manifest = sample('targeting/storage_manifest.json');
  const su = s.open(scenario, read(scenario)), mu = s.open(manifest, read(manifest));
  await s.diagnostics(su, 1);
  await s.diagnostics(mu, 1);
  const def = (uri, line, character) => s.conn.sendRequest(lsp.DefinitionRequest.type, { textDocument: { uri }, position: { line, character } });
  // Reference Primary (storage::IBackend): the five registered services that implement it.
  const services = uriOf(sample('targeting/storage_services.json'));
  assert.deepEqual(await def(mu, 13, 20), [[2, 4, 3, 113], [4, 4, 5, 83], [6, 4, 7, 82], [8, 4, 9, 84], [10, 4, 11, 85]].map(([a, b, c, d]) =>
    ({ uri: services, range: { start: { line: a, character: b }, end: { line: c, character: d } } })));
  // `- file: storage_services.json` in the scenario: the file.
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  assert.deepEqual(await def(su, 11, 12), [{ uri: services, range: top }]);
  assert.deepEqual(await def(su, 10, 12), [{ uri: mu, range: top }]);
  assert.deepEqual(await def(su, 14, 4), []);
  // A reference in a manifest embedded in a scenario: the services of its inputs, in that file
  // (opened alone: two scenarios of one engine in a directory are one group, as `check a b` reads them).
  for (const uri of [su, mu]) s.conn.sendNotification(lsp.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  const vi = sample('targeting/value_injection.scenario.yaml');
  const vu = s.open(vi, read(vi));
  await s.diagnostics(vu, 1);
  assert.deepEqual(await def(vu, 15, 15), [[26, 6, 80], [27, 6, 82], [28, 6, 85]].map(([l, a, b]) =>
    ({ uri: vu, range: { start: { line: l, character: a }, end: { line: l, character: b } } })));
  assert.equal(await s.stop(), 0);
});

test('a framing error ends the server with 1; a closed input without exit too', async () => {
  const s = await startServer({ initialize: false });
  s.proc.stdin.write('Content-Length: nope\r\n\r\n{}');
  assert.equal(await s.exited, 1);
  assert.match(s.stderr(), /framing error: Content-Length "nope" is not a decimal byte count; stopping/);
  const t = await startServer({ initialize: false });
  t.proc.stdin.end();
  assert.equal(await t.exited, 1);
});
