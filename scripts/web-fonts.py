#!/usr/bin/env python3
"""The web page's fonts, cut to the glyphs its font atlas uses (fontTools' subsetter, Debian's
python3-fonttools).

The app rasterises only the code points of theme.cpp's ranges (kText for the UI and mono fonts,
kUiSymbols and kSymbols from the symbols font merged into them), but the page bundled the whole
font files in index.data, which the page loads before main() runs: 1.63 MB of the 2.16 MB. The
subset keeps each font's outlines and metrics for those code points (no hinting, no OpenType
layout tables: stb_truetype reads neither) and fails when a code point the original font maps is
missing from its subset, so the atlas is the same glyph for glyph.
  scripts/web-fonts.py THEME_CPP OUT_DIR text:FONT ... symbols:FONT ...
writes OUT_DIR/<the font's file name> for each, and prints each size before and after.
"""
import importlib.util
import logging
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
# fontTools warns for each table it drops (FFTM: FontForge's timestamps); the check below is what matters.
logging.getLogger('fontTools').setLevel(logging.ERROR)
spec = importlib.util.spec_from_file_location('check_glyphs', os.path.join(HERE, 'check-glyphs.py'))
check_glyphs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_glyphs)


def codepoints(theme_text, names):
    out = set()
    for name in names:
        for lo, hi in check_glyphs.ranges(theme_text, name):
            out.update(range(lo, hi + 1))
    return out


def cut(src, dst, wanted):
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = ['*']
    options.notdef_outline = True
    options.glyph_names = False
    font = TTFont(src)
    before = set(font.getBestCmap())
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(wanted))
    sub.subset(font)
    font.save(dst)
    after = set(TTFont(dst).getBestCmap())
    lost = sorted((wanted & before) - after)
    if lost:
        raise SystemExit(f'web-fonts: {dst} lost ' + ', '.join(f'U+{c:04X}' for c in lost[:10]))
    print(f'web-fonts: {os.path.basename(src)} {os.path.getsize(src):,} -> {os.path.getsize(dst):,} bytes '
          f'({len(wanted & before)} code points)')


def main(argv):
    if len(argv) < 4:
        raise SystemExit(__doc__)
    theme_text = open(argv[1], encoding='utf-8').read()
    roles = {'text': codepoints(theme_text, ['kText']),
             'symbols': codepoints(theme_text, ['kUiSymbols', 'kSymbols'])}
    os.makedirs(argv[2], exist_ok=True)
    for arg in argv[3:]:
        role, _, src = arg.partition(':')
        if role not in roles:
            raise SystemExit(f'web-fonts: {arg}: the role is text or symbols')
        cut(src, os.path.join(argv[2], os.path.basename(src)), roles[role])


if __name__ == '__main__':
    main(sys.argv)
