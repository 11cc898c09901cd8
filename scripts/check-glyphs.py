#!/usr/bin/env python3
"""Every symbol the app's strings hold is in the UI fonts' atlas.

The UI fonts (ui, bold, small) are built with the Latin text ranges and only the symbols the
program draws (theme.cpp kUiSymbols: rasterising the whole arrows / math / box / dingbat blocks
in four fonts was most of the first frame's font atlas); the mono font, which shows the user's
files, keeps the whole blocks. This reads the string literals of app/ and core/ (UTF-8 text and
\\xNN escapes) and fails naming the file and symbol when one above U+2000 is outside kText and
kUiSymbols, which ImGui would draw as "?".
  scripts/check-glyphs.py [SOURCE_DIR]            exit 0 when every symbol is in the atlas
  scripts/check-glyphs.py --self-test             the checker finds a symbol left out
"""
import os, re, sys

LITERAL = re.compile(r'(?:u8)?"((?:[^"\\\n]|\\.)*)"')
ARRAY = r'static const ImWchar %s\[\] = \{([^}]*)\}'


def ranges(theme_text, name):
    m = re.search(ARRAY % name, theme_text)
    if not m:
        raise SystemExit(f'check-glyphs: no array {name} in theme.cpp')
    values = [int(v, 16) for v in re.findall(r'0x([0-9A-Fa-f]+)', m.group(1)) if int(v, 16)]
    return list(zip(values[0::2], values[1::2]))


def literal_codepoints(text):
    for lit in LITERAL.findall(text):
        raw = lit
        data = bytearray()
        i = 0
        while i < len(raw):
            if raw.startswith('\\x', i) and re.match(r'[0-9a-fA-F]{2}', raw[i + 2:i + 4]):
                data.append(int(raw[i + 2:i + 4], 16)); i += 4
            elif raw.startswith('\\u', i) and re.match(r'[0-9a-fA-F]{4}', raw[i + 2:i + 6]):
                data += chr(int(raw[i + 2:i + 6], 16)).encode(); i += 6
            else:
                data += raw[i].encode(); i += 1
        for ch in data.decode('utf-8', 'replace'):
            if ord(ch) >= 0x2000 and ch != '\ufffd':
                yield ord(ch)


def missing(source_dir, theme_text):
    allowed = ranges(theme_text, 'kText') + ranges(theme_text, 'kUiSymbols')
    out = []
    for root in ('app', 'core'):
        for dirpath, _, files in os.walk(os.path.join(source_dir, root)):
            for f in sorted(files):
                if not f.endswith(('.cpp', '.h', '.inc')):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding='utf-8', errors='replace').read()
                # Line and paragraph separators are matched in user text (policy_http_matches), never drawn.
                for cp in sorted(set(literal_codepoints(text)) - {0x2028, 0x2029, 0xFEFF}):
                    if not any(lo <= cp <= hi for lo, hi in allowed):
                        out.append(f'{os.path.relpath(path, source_dir)}: U+{cp:04X} {chr(cp)} is drawn but not in '
                                   'kUiSymbols (app/gui/theme.cpp): add it there')
    return out


def main():
    if sys.argv[1:] == ['--self-test']:
        theme = 'static const ImWchar kText[] = {0x0020, 0x00FF, 0};\nstatic const ImWchar kUiSymbols[] = {0x2713, 0x2713, 0};'
        import tempfile
        d = tempfile.mkdtemp()
        os.makedirs(os.path.join(d, 'app'))
        open(os.path.join(d, 'app', 'a.cpp'), 'w').write('auto a = "ok \\xE2\\x9C\\x93"; auto b = u8"\u2717 no";\n')
        got = missing(d, theme)
        assert len(got) == 1 and 'U+2717' in got[0] and got[0].startswith('app/a.cpp'), got
        print('check-glyphs self-test: the left-out U+2717 found, the listed U+2713 (an escape) accepted')
        return 0
    source_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
    theme = open(os.path.join(source_dir, 'app/gui/theme.cpp'), encoding='utf-8').read()
    problems = missing(source_dir, theme)
    for p in problems:
        print(p)
    if not problems:
        print('check-glyphs: every symbol in the strings of app/ and core/ is in the UI fonts')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
