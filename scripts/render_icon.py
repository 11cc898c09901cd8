#!/usr/bin/env python3
"""Writes the app icon: assets/config-inspector.svg and PNGs rendered from the same shapes.

The icon is a few primitives (rounded rectangles, a ring, capsules); each is written once here
as SVG and rasterised here (signed distances, 4x4 supersampling, no image library needed), so
the SVG and the PNGs cannot drift apart. Run it after changing a shape:
    scripts/render_icon.py            # rewrites assets/config-inspector.{svg,png} and the sizes
"""
import math
import os
import struct
import sys
import zlib

VIEW = 256.0
# (kind, params, fill RGBA) in the 256x256 view box, painted in order.
SHAPES = [
    ("rrect", (8, 8, 240, 240, 48), (0x1d, 0x2b, 0x4a, 255)),     # tile
    ("rrect", (52, 40, 124, 160, 14), (0xe8, 0xee, 0xf7, 255)),   # the config page
    ("capsule", (76, 80, 150, 80, 7), (0x5b, 0x6b, 0x86, 255)),   # its lines
    ("capsule", (76, 108, 132, 108, 7), (0x5b, 0x6b, 0x86, 255)),
    ("capsule", (76, 136, 118, 136, 7), (0x2e, 0xb8, 0x7a, 255)), # the line that matched
    ("capsule", (172, 172, 214, 214, 15), (0xf2, 0xa9, 0x3b, 255)),  # magnifier handle
    ("disc", (150, 150, 48), (0x1d, 0x2b, 0x4a, 255)),            # lens background
    ("ring", (150, 150, 40, 12), (0xf2, 0xa9, 0x3b, 255)),        # lens rim
    ("capsule", (132, 152, 145, 165, 6), (0x2e, 0xb8, 0x7a, 255)),   # check mark in the lens
    ("capsule", (145, 165, 172, 136, 6), (0x2e, 0xb8, 0x7a, 255)),
]


def hexcol(c):
    return "#%02x%02x%02x" % c[:3]


def svg():
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
           '  <title>Config Inspector</title>']
    for kind, p, c in SHAPES:
        if kind == "rrect":
            x, y, w, h, r = p
            out.append(f'  <rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{hexcol(c)}"/>')
        elif kind == "capsule":
            x1, y1, x2, y2, r = p
            out.append(f'  <line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{hexcol(c)}" '
                       f'stroke-width="{2 * r}" stroke-linecap="round"/>')
        elif kind == "disc":
            cx, cy, r = p
            out.append(f'  <circle cx="{cx}" cy="{cy}" r="{r}" fill="{hexcol(c)}"/>')
        elif kind == "ring":
            cx, cy, r, w = p
            out.append(f'  <circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{hexcol(c)}" stroke-width="{w}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def inside(kind, p, x, y):
    if kind == "rrect":
        x0, y0, w, h, r = p
        cx, cy = min(max(x, x0 + r), x0 + w - r), min(max(y, y0 + r), y0 + h - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x <= x0 + w and y0 <= y <= y0 + h
    if kind == "capsule":
        x1, y1, x2, y2, r = p
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= r * r
    if kind == "disc":
        cx, cy, r = p
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    if kind == "ring":
        cx, cy, r, w = p
        return abs(math.hypot(x - cx, y - cy) - r) <= w / 2
    raise ValueError(kind)


def render(size, ss=4):
    rows = []
    k = VIEW / size
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(ss):
                for sx in range(ss):
                    x, y = (px + (sx + 0.5) / ss) * k, (py + (sy + 0.5) / ss) * k
                    col = None
                    for kind, p, c in SHAPES:
                        if inside(kind, p, x, y):
                            col = c
                    if col:
                        a = col[3] / 255.0
                        for i in range(3):
                            acc[i] += col[i] * a
                        acc[3] += a
            n = ss * ss
            a = acc[3] / n
            rgb = [int(round(acc[i] / acc[3])) if acc[3] else 0 for i in range(3)]
            row += bytes(rgb + [int(round(a * 255))])
        rows.append(bytes(row))
    return rows


def png(rows, size):
    raw = b"".join(b"\x00" + r for r in rows)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
    with open(os.path.join(root, "config-inspector.svg"), "w") as f:
        f.write(svg())
    for size, name in [(256, "config-inspector.png"), (48, "config-inspector-48.png"), (32, "config-inspector-32.png")]:
        with open(os.path.join(root, name), "wb") as f:
            f.write(png(render(size), size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
