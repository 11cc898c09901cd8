#!/usr/bin/env python3
# Maintainer tool: the Kuma docs' policy examples as files, to check the policy engine against them.
#   scripts/kuma-docs-examples.py KUMA_WEBSITE_GIT_DIR OUT_DIR [VERSION, default 2.14.3]
#   for f in OUT_DIR/*.yaml; do config-inspector-cli check --engine policy --profile kuma-2.14 $f; done
# Reads kumahq/kuma-website's app/_src/**/*.md at HEAD: keeps what `{% if_version %}` keeps for
# VERSION, then every ```yaml block that is a Kuma resource; a `{% policy_yaml %}` block is rendered
# as the site renders it for universal, modern output (jekyll-kuma-plugins
# liquid/tags/policyyaml/transformers.rb: MeshService targetRefs and backendRefs, name_uni). Blocks
# with Liquid inside are skipped. One file per block, named after the page and the block's index.
import subprocess, re, sys, yaml
repo = sys.argv[1]
out = sys.argv[2]
files = [f for f in subprocess.run(['git','-C',repo,'ls-tree','-r','HEAD','--name-only'],capture_output=True,text=True).stdout.split()
         if f.startswith('app/_src/') and f.endswith('.md')]
def walk(node, path):
    if isinstance(node, list):
        return [walk(x, path) for x in node]
    if not isinstance(node, dict):
        return node
    if 'name_uni' in node or 'name_kube' in node:
        node = dict(node); node['name'] = node.pop('name_uni', None); node.pop('name_kube', None)
    if path == ['spec','to','targetRef'] and node.get('kind') == 'MeshService':
        node = {k: node.get(k) for k in ('kind','name','sectionName')}
    if path in (['spec','to','rules','default','backendRefs'], ['spec','to','rules','default','filters','requestMirror','backendRef']) and node.get('kind') == 'MeshService':
        n = {'kind':'MeshService','name':node.get('name'),'port':node.get('port')}
        if 'weight' in node: n['weight'] = node['weight']
        if '_version' in node: n['name'] = f"{node.get('name')}-{node['_version']}"
        node = n
    node = {k: v for k, v in node.items() if v is not None}
    return {k: walk(v, path + [k]) for k, v in node.items()}
VERSION = tuple(int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else '2.14.3').split('.'))
def ver(v):
    return tuple(int(x) if x.isdigit() else 0 for x in v.replace('.x','.0').split('.'))[:3]
def holds(cond):
    ok = True
    for c in cond.split():
        if ':' not in c: continue
        op, v = c.split(':', 1)
        if op == 'gte': ok &= VERSION >= ver(v)
        elif op == 'lte': ok &= VERSION[:2] <= ver(v)[:2] if v.endswith('.x') else VERSION <= ver(v)
        elif op == 'eq': ok &= VERSION[:2] == ver(v)[:2] if v.endswith('.x') else VERSION == ver(v)
    return ok
def select_version(txt):
    # {% if_version COND %} ... {% endif_version %}, nested: keep what holds for VERSION.
    out = []; stack = [True]
    for tok in re.split(r'(\{%-?\s*(?:if_version[^%]*|endif_version)\s*-?%\})', txt):
        m = re.match(r'\{%-?\s*if_version([^%]*?)\s*-?%\}', tok or '')
        if m: stack.append(stack[-1] and holds(m.group(1))); continue
        if re.match(r'\{%-?\s*endif_version\s*-?%\}', tok or ''):
            if len(stack) > 1: stack.pop()
            continue
        if stack[-1]: out.append(tok)
    return ''.join(out)
n = 0; templ = 0
for f in files:
    txt = select_version(subprocess.run(['git','-C',repo,'show','HEAD:'+f],capture_output=True,text=True).stdout)
    for i, m in enumerate(re.finditer(r'(\{% policy_yaml[^%]*%\}\s*)?```yaml\n(.*?)```', txt, re.S)):
        b = m.group(2)
        first = b.lstrip().split('\n',1)[0]
        if not re.match(r'(type: Mesh[A-Za-z]*|apiVersion: kuma\.io/v1alpha1)', first): continue
        if '{{' in b or '{%' in b: templ += 1; continue
        if m.group(1):
            try:
                docs = [walk(d, []) for d in yaml.safe_load_all(b) if d is not None]
            except Exception:
                continue
            b = yaml.safe_dump_all(docs, sort_keys=False)
        name = f.replace('app/_src/','').replace('/','_').replace('.md','') + f'_{i}.yaml'
        open(f'{out}/{name}','w').write(b); n += 1
print(n, 'blocks;', templ, 'skipped (Liquid inside)')
