"""`python -m tests.service.api_at URL`: `python -m bot` with discord.py's REST API at URL
(an unreachable address, or a local server refusing the token), for the start-up tests."""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from discord.http import Route

from bot.process.start import main


class _Refusing(BaseHTTPRequestHandler):
    """Discord's answer to a token it doesn't know."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def refusing_api() -> Iterator[str]:
    """A local REST API that refuses every token, as its base URL, for the time inside."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Refusing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    Route.BASE = sys.argv[1]
    sys.exit(main())
