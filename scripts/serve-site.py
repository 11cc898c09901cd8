#!/usr/bin/env python3
"""Serves the built web site (build/wasm/site) on 127.0.0.1 as a well-configured static host does:
the cross-origin isolation headers on every file (so the threaded app runs from the first
request, without the service worker's one reload), the build's gzip copies (cmake/web_compress.cmake)
to a browser that accepts gzip, with the file's own Content-Type, and application/wasm for .wasm.
`make web` runs it; docs/web.md "Build and serve".

    scripts/serve-site.py [--port 8080] [--dir build/wasm/site] [--plain]

--plain serves neither the headers nor the copies (a host like `python3 -m http.server`).
"""
import argparse
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    plain = False
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        '.wasm': 'application/wasm', '.js': 'text/javascript', '.mjs': 'text/javascript',
        '.webmanifest': 'application/manifest+json', '.data': 'application/octet-stream',
        '.svg': 'image/svg+xml', '.json': 'application/json',
    }

    def end_headers(self):
        if not self.plain:
            self.send_header('Cross-Origin-Opener-Policy', 'same-origin')
            self.send_header('Cross-Origin-Embedder-Policy', 'require-corp')
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        gz = path + '.gz'
        accepts = 'gzip' in self.headers.get('Accept-Encoding', '')
        if (self.plain or not accepts or os.path.isdir(path) or not os.path.isfile(gz) or not os.path.isfile(path)
                or os.path.getmtime(gz) < os.path.getmtime(path)):
            return super().send_head()
        try:
            f = open(gz, 'rb')
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header('Content-Type', self.guess_type(path))
        self.send_header('Content-Encoding', 'gzip')
        self.send_header('Vary', 'Accept-Encoding')
        self.send_header('Content-Length', str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--port', type=int, default=8080)
    ap.add_argument('--dir', default='build/wasm/site')
    ap.add_argument('--plain', action='store_true')
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.dir, 'index.html')):
        sys.exit(f'serve-site: {args.dir}/index.html is missing: build the site first (make web-build)')
    Handler.plain = args.plain
    handler = functools.partial(Handler, directory=args.dir)
    with http.server.ThreadingHTTPServer(('127.0.0.1', args.port), handler) as server:
        print(f'Config Inspector: http://127.0.0.1:{args.port}/  (Ctrl+C stops the server)', flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == '__main__':
    main()
