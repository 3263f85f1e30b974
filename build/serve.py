#!/usr/bin/env python3
"""Serve the built site locally: `python build/serve.py dist/site --port 8000 [--prefix /sub/]`.

A static file server and nothing more (no server computation). What it adds to Python's own:
  * the right types for `.wasm` (`application/wasm`, needed for streaming compilation), `.mjs` and
    `.webmanifest`;
  * `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin` on every file, so the
    `<sudoku-solver>` widget can be embedded from another origin;
  * the Content-Security-Policy the page needs on HTML (`script-src 'self' 'wasm-unsafe-eval'`);
  * the build's pre-compressed `.br` or `.gz` copies when the browser accepts brotli or gzip;
  * `Cache-Control`: a year, immutable, for the URLs that name their content (`pyodide/...`, `?v=<build>`);
    `no-cache` (revalidate) for the rest: pages, and files under their own names;
  * `--prefix /sub/` mounts the site under a sub-path, to check that it works from one.
It prints `Serving <dir> at http://127.0.0.1:<port>/...` once listening (port 0 picks a free port).
"""
from __future__ import annotations

import argparse
import http.server
import os
import sys
from functools import partial
from pathlib import Path

#: The policy for the site's pages. Pyodide compiles WebAssembly ('wasm-unsafe-eval'); the engine may run
#: in a blob: worker when embedded; nothing is loaded from another origin.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
       "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")

#: How long a browser may keep a file whose URL changes whenever its content does.
IMMUTABLE = "public, max-age=31536000, immutable"


def names_its_content(url_path: str) -> bool:
    """True for the build's digest-named runtime and library (`pyodide/...`) and `?v=<build>` URLs."""
    path, _, query = url_path.partition("?")
    return "/pyodide/" in path or any(part.startswith("v=") for part in query.split("&"))


TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    csp = CSP
    quiet = False

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.prefix):
            return os.path.join(self.directory, "\0missing")  # outside the mount: 404
        return super().translate_path("/" + clean[len(self.prefix):])

    def guess_type(self, path):  # noqa: ANN001, ANN201
        return TYPES.get(Path(str(path)).suffix, super().guess_type(path))

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        self.send_header("Cache-Control", IMMUTABLE if names_its_content(self.path) else "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.csp and self.path.split("?", 1)[0].endswith((".html", "/")):
            self.send_header("Content-Security-Policy", self.csp)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002, ANN002
        if not self.quiet:
            super().log_message(format, *args)


class PrecompressedHandler(SiteHandler):
    """Sends the build's `file.br` (or `file.gz`) with its `Content-Encoding` in place of `file` when the
    browser accepts that encoding: what nginx's `brotli_static` / `gzip_static` do."""

    ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

    def send_head(self):  # noqa: ANN201
        path = self.translate_path(self.path)
        if os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in self.ENCODINGS:
            if encoding in accepted and os.path.isfile(path + suffix):
                break
        else:
            return super().send_head()
        modified = self.date_time_string(int(os.stat(path).st_mtime))
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        try:
            f = open(path + suffix, "rb")
        except OSError:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f


def make_server(directory: str, port: int = 0, host: str = "127.0.0.1", prefix: str = "/",
                quiet: bool = False, csp: "str | None" = CSP) -> http.server.ThreadingHTTPServer:
    """A server (not yet serving) for `directory`; `server.url` is its address, `server_address[1]` its
    port. `csp` is the policy sent with HTML (None: none)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (PrecompressedHandler,), {"prefix": prefix, "quiet": quiet, "csp": csp})
    server = http.server.ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))
    server.daemon_threads = True
    server.url = f"http://{host}:{server.server_address[1]}{prefix}"  # type: ignore[attr-defined]
    return server


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("directory", nargs="?", default="dist/site")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path, e.g. /solver/")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    if not Path(args.directory, "index.html").exists() and not Path(args.directory, "engine.js").exists():
        sys.exit(f"{args.directory} holds no built site: run `make site` first")
    server = make_server(args.directory, args.port, args.host, args.prefix, args.quiet)
    print(f"Serving {args.directory} at {server.url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
