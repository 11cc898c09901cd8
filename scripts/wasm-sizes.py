#!/usr/bin/env python3
"""What the web app's code is made of: each part's share of index.wasm's code section.

  scripts/wasm-sizes.py BUILD_DIR [TOP]     e.g. scripts/wasm-sizes.py build/wasm 20

Relinks the app of BUILD_DIR (the wasm preset, built) as its own link does, without the preloaded
files and with --profiling-funcs (function names kept), into a temporary directory, then reads the
module: every function body of the code section is given to a part by its demangled name (the
first rule in RULES whose prefix matches) and each part is printed with its raw size and the
gzip -9 size of its bodies compressed alone (parts compress less alone than together: the sum
is above the whole file's gzip size). Templates of the C++ library instantiated for the core's
types (std::sort of the policy rules...) count as libc++. TOP prints the largest functions.
Used for docs/web.md "What the size is made of"."""
import sys, gzip, subprocess, collections, os, re, tempfile, shlex

def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i

def name(b, i):
    n, i = leb(b, i); return b[i:i+n].decode('utf-8', 'replace'), i + n

def relink(build):
    gui = os.path.join(build, 'app/gui')
    cmd = open(os.path.join(gui, 'CMakeFiles/config-inspector.dir/link.txt')).read().strip()
    cmd = re.sub(r'--(preload|exclude)-file \S+', '', cmd)
    out = tempfile.mkdtemp(prefix='wasm-sizes-')
    cmd = re.sub(r'-o \S+index\.html', f'-o {out}/index.html --profiling-funcs', cmd)
    subprocess.run(cmd, shell=True, cwd=gui, check=True)
    return os.path.join(out, 'index.wasm')

path = sys.argv[1] if len(sys.argv) > 1 else 'build/wasm'
if os.path.isdir(path): path = relink(path)
data = open(path, 'rb').read()
i = 8; nimported = 0; bodies = []; names = {}; sizes = collections.OrderedDict()
while i < len(data):
    sid = data[i]; i += 1
    size, i = leb(data, i); end = i + size
    if sid == 2:
        n, j = leb(data, i)
        for _ in range(n):
            _, j = name(data, j); _, j = name(data, j)
            kind = data[j]; j += 1
            if kind == 0: _, j = leb(data, j); nimported += 1
            elif kind == 1: j += 1; fl, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if fl & 1 else j
            elif kind == 2: fl, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if fl & 1 else j
            elif kind == 3: j += 2
            elif kind == 4: j += 1; _, j = leb(data, j)
    elif sid == 10:
        n, j = leb(data, i)
        for _ in range(n):
            s, j = leb(data, j); bodies.append(data[j:j+s]); j += s
    elif sid == 0:
        nm, j = name(data, i)
        if nm == 'name':
            while j < end:
                sub = data[j]; j += 1; ssz, j = leb(data, j); send = j + ssz
                if sub == 1:
                    n, k = leb(data, j)
                    for _ in range(n):
                        idx, k = leb(data, k); s, k = name(data, k); names[idx] = s
                j = send
    sizes[sid] = sizes.get(sid, 0) + size
    i = end

mangled = [names.get(nimported + k, '') for k in range(len(bodies))]
dem = subprocess.run(['c++filt'], input='\n'.join(mangled), capture_output=True, text=True).stdout.split('\n')
RULES = [('protobuf: generated xDS messages (envoy, xds, udpa, validate)', ('envoy::', 'xds::', 'udpa::', 'validate::', 'cncf::')),
         ('protobuf: runtime (and its well-known types)', ('google::protobuf', 'google::', '_GLOBAL__sub_I_descriptor')),
         ('abseil', ('absl::',)), ('RE2', ('re2::',)), ('yaml-cpp', ('YAML::',)), ('nlohmann_json', ('nlohmann::',)),
         ('Dear ImGui (and stb_truetype)', ('ImGui', 'Im', 'stbtt', 'stb_')),
         ('app: GUI, views, live sources, platform', ('cfgi::gui', 'cfgi::live', 'cfgi::platform', 'main', '(anonymous namespace)::Frame')),
         ('core: policy', ('cfgi::policy',)), ('core: matcher+CEL', ('cfgi::matcher', 'cfgi::cel')), ('core: txt', ('cfgi::txt',)),
         ('core: variants', ('cfgi::variants',)), ('core: targeting', ('cfgi::targeting', 'cfgi::ldap')),
         ('core: documents, diagnostics, engine contract, comparison', ('cfgi::doc', 'cfgi::')),
         ('libc++ (and std templates for the core\'s types), libc, runtime', ('std::', 'operator new', 'operator delete', '__', 'emscripten', 'dlmalloc', 'malloc', 'free', 'mem', 'str', 'printf', 'vfprintf', 'fmt_'))]
groups = collections.defaultdict(list)
for k, d in enumerate(dem[:len(bodies)]):
    part = 'other'
    for p, prefixes in RULES:
        if any(d.startswith(x) or (x.endswith('::') and (' ' + x) in d[:80]) for x in prefixes): part = p; break
    groups[part].append(bodies[k])
total = sum(len(b) for b in bodies)
print(f'functions {len(bodies)}, code {total} bytes; sections: ' + ', '.join(f'{k}:{v}' for k, v in sizes.items()))
print('| part | functions | code raw | code gzip -9 alone |')
print('| --- | --- | --- | --- |')
for p, bs in sorted(groups.items(), key=lambda x: -sum(len(b) for b in x[1])):
    raw = b''.join(bs)
    print(f'| {p} | {len(bs)} | {len(raw)/1e6:.2f} MB ({100*len(raw)/total:.0f} %) | {len(gzip.compress(raw, 9))/1e6:.2f} MB |')
print(f'file {len(data)} bytes, gzip -9 {len(gzip.compress(data, 9))} bytes (with the name section)')
if len(sys.argv) > 2:
    for k in sorted(range(len(bodies)), key=lambda k: -len(bodies[k]))[:int(sys.argv[2])]:
        print(len(bodies[k]), dem[k][:150])
