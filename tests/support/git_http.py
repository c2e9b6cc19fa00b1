"""A git host on loopback: `git http-backend` (smart HTTP) behind a token check, in a thread.

Tests that care about credentials need git to talk HTTP, not `file://`: only then does git send
(and possibly leak) the installation token. Every request is recorded with the `Authorization`
header it carried, so a test can assert where the token went. `redirect_to` makes the server
answer every request with a redirect to another base URL instead (a moved or hostile host).
"""

from __future__ import annotations

import base64
import os
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

REALM = 'Basic realm="lora-audit-tests"'


@dataclass(frozen=True)
class Seen:
    """One request the server answered."""

    method: str
    path: str
    authorization: str | None
    status: int


def basic_token(header: str | None) -> str | None:
    """The password of a `Basic` Authorization header (where git puts the token), or None."""
    if not header or not header.startswith("Basic "):
        return None
    try:
        decoded = base64.b64decode(header.removeprefix("Basic ").strip()).decode()
    except ValueError:
        return None
    return decoded.partition(":")[2] or None


@dataclass
class GitHttpServer:
    """Serves the bare repositories under `root` (`/<owner>/<repo>.git`) over smart HTTP.

    `accepts(token)` decides whether a request's token may read (None: no token was sent).
    """

    root: Path
    accepts: Callable[[str | None], bool]
    host: str = "127.0.0.1"
    redirect_to: str | None = None
    redirect_status: int = 302
    seen: list[Seen] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def port(self) -> int:
        assert self._server is not None, "start() it first"
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def url_template(self) -> str:
        """LORA_AUDIT_GIT_URL_TEMPLATE for this host (the token goes in as the password)."""
        return f"http://x-access-token:{{token}}@{self.host}:{self.port}/{{owner}}/{{repo}}.git"

    def start(self) -> GitHttpServer:
        self._server = ThreadingHTTPServer((self.host, 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def record(self, seen: Seen) -> None:
        with self._lock:
            self.seen.append(seen)

    def requests(self) -> list[Seen]:
        with self._lock:
            return list(self.seen)


@contextmanager
def git_http_server(
    root: Path,
    accepts: Callable[[str | None], bool],
    *,
    host: str = "127.0.0.1",
    redirect_to: str | None = None,
) -> Iterator[GitHttpServer]:
    server = GitHttpServer(root, accepts, host=host, redirect_to=redirect_to).start()
    try:
        yield server
    finally:
        server.stop()


def _handler_for(server: GitHttpServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_GitHandler):
        owner = server

    return Handler


class _GitHandler(BaseHTTPRequestHandler):
    owner: GitHttpServer
    protocol_version = "HTTP/1.0"  # one request per connection: simplest for CGI bodies

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _reply(self, status: int, headers: dict[str, str], body: bytes = b"") -> None:
        authorization = self.headers.get("Authorization")
        self.owner.record(Seen(self.command, self.path, authorization, status))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.owner.redirect_to is not None:
            self._reply(
                self.owner.redirect_status,
                {"Location": self.owner.redirect_to.rstrip("/") + self.path},
            )
            return
        if not self.owner.accepts(basic_token(self.headers.get("Authorization"))):
            self._reply(401, {"WWW-Authenticate": REALM}, b"authentication required\n")
            return
        self._cgi(body)

    def _cgi(self, body: bytes) -> None:
        parts = urlsplit(self.path)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": str(self.owner.root),
            "GIT_HTTP_EXPORT_ALL": "1",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "REQUEST_METHOD": self.command,
            "PATH_INFO": parts.path,
            "QUERY_STRING": parts.query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_USER": "x-access-token",
            "REMOTE_ADDR": self.client_address[0],
            "SERVER_PROTOCOL": "HTTP/1.0",
        }
        for header, variable in (
            ("Git-Protocol", "HTTP_GIT_PROTOCOL"),
            ("Content-Encoding", "HTTP_CONTENT_ENCODING"),
        ):
            if header in self.headers:
                env[variable] = self.headers[header]
        result = subprocess.run(
            ["git", "http-backend"], input=body, env=env, capture_output=True, check=False
        )
        head, _, payload = result.stdout.partition(b"\r\n\r\n")
        if not _:
            head, _, payload = result.stdout.partition(b"\n\n")
        status, headers = 200, {}
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers[name.strip()] = value.strip()
        if result.returncode != 0 and status == 200:
            status = 500
        self._reply(status, headers, payload)
