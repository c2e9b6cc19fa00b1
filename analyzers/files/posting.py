"""HTTP clients of the repository that rewrite a folder and then post it to a route.

An RL trainer saves the policy into its sync folder and tells the rollout server to take it up
(`model.save_pretrained(self.sync_dir)`, then `requests.post(f"{server}/update_weights",
json={"adapter_path": self.sync_dir})`). When that server's route handler is in the same
repository, the folder each call of it receives has just been rewritten: a handler that keeps
the request of a path it already serves (a dedupe by path) serves the old weights. Found from
syntax alone, without running anything: the client is another process, so the analysis of the
server takes the feed as a fact about its callers (`interpret/unseen.py`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from urllib.parse import urlsplit

from analyzers.files.source import WEIGHT_WRITERS

# Methods of HTTP clients (requests, httpx, aiohttp sessions, test clients) that send a body.
_SENDS = frozenset({"post", "put", "patch"})
# Bytes a client file holds: a weight writer (`source.WRITE_NEEDLES`) and one of these.
SEND_NEEDLES: tuple[bytes, ...] = tuple(f".{name}(".encode() for name in sorted(_SENDS))
# The keyword a weight writer takes its folder by when it is not the first argument.
_FOLDER_KEYWORDS = frozenset({"save_directory", "output_dir", "save_path", "path"})


@dataclass(frozen=True, order=True)
class Feed:
    """A client posts `field` of a JSON body to `route` with a folder it wrote at path:line."""

    route: str
    field: str
    path: str
    line: int

    def key(self) -> str:
        return f"{self.route}|{self.field}|{self.path}"


def feeds_of(tree: ast.Module, path: str) -> list[Feed]:
    """Every (route, field) a function of the module posts right after writing weights into
    the folder it posts there."""
    found: set[Feed] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.update(_function_feeds(node, path))
    return sorted(found)


def _function_feeds(node: ast.FunctionDef | ast.AsyncFunctionDef, path: str) -> list[Feed]:
    calls = sorted(
        (item for item in ast.walk(node) if isinstance(item, ast.Call)),
        key=lambda call: (call.lineno, call.col_offset),
    )
    written: dict[str, int] = {}  # the folder's expression (dumped) -> line of its first write
    dicts = _local_dicts(node)
    feeds = []
    for call in calls:
        folder = _saved_folder(call)
        if folder is not None:
            written.setdefault(ast.dump(folder), call.lineno)
            continue
        route = _sent_route(call)
        if route is None or not written:
            continue
        for field, value in _json_fields(call, dicts):
            line = written.get(ast.dump(value))
            if line is not None and line < call.lineno:
                feeds.append(Feed(route, field, path, line))
    return feeds


def _saved_folder(call: ast.Call) -> ast.expr | None:
    """`model.save_pretrained(folder)` / `save_pretrained(save_directory=folder)`: the folder."""
    if not isinstance(call.func, ast.Attribute) or call.func.attr not in WEIGHT_WRITERS:
        return None
    if call.args:
        return call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg in _FOLDER_KEYWORDS), None)


def _sent_route(call: ast.Call) -> str | None:
    """The route a `client.post(url, ...)` sends to, from the literal part of its URL."""
    if not isinstance(call.func, ast.Attribute) or call.func.attr not in _SENDS:
        return None
    url = call.args[0] if call.args else _keyword(call, "url")
    return route_of(url) if url is not None else None


def route_of(url: ast.expr) -> str | None:
    """`"http://h:8000/update"` -> "/update"; `f"{base}/v1/update"` -> "/v1/update"; None when
    no literal route ends the URL (a route held in a variable)."""
    if isinstance(url, ast.Constant) and isinstance(url.value, str):
        text = url.value
        if "://" in text:
            return _clean(urlsplit(text).path)
        return _clean(text) if text.startswith("/") else None
    if isinstance(url, ast.JoinedStr) and url.values:
        last = url.values[-1]
        if isinstance(last, ast.Constant) and isinstance(last.value, str) and "/" in last.value:
            tail = last.value
            if "://" in tail:
                return _clean(urlsplit(tail).path)
            return _clean(tail[tail.index("/") :])
    return None


def _clean(route: str) -> str | None:
    route = route.split("?", 1)[0].rstrip("/")
    return route if route.startswith("/") and "{" not in route else None


def same_route(client: str, handler: str) -> bool:
    """Whether a client's route can be a handler's: equal, or one ends with the other at a
    segment boundary (a router mounted under a prefix, a client holding the prefix in its base)."""
    a, b = client.rstrip("/"), handler.rstrip("/")
    if not a or not b:
        return False
    shorter, longer = sorted((a, b), key=len)
    return longer == shorter or longer.endswith(shorter)


def _json_fields(call: ast.Call, dicts: dict[str, ast.Dict]) -> list[tuple[str, ast.expr]]:
    body = _keyword(call, "json")
    if isinstance(body, ast.Name):
        body = dicts.get(body.id)
    if isinstance(body, ast.Dict):
        return [
            (key.value, value)
            for key, value in zip(body.keys, body.values, strict=True)
            if isinstance(key, ast.Constant) and isinstance(key.value, str)
        ]
    if isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id == "dict":
        return [(kw.arg, kw.value) for kw in body.keywords if kw.arg is not None]
    return []


def _local_dicts(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.Dict]:
    """`payload = {...}` in the function, by name (the last one written wins: a body built
    once and posted is the usual shape)."""
    found: dict[str, ast.Dict] = {}
    for item in ast.walk(node):
        if (
            isinstance(item, ast.Assign)
            and len(item.targets) == 1
            and isinstance(item.targets[0], ast.Name)
            and isinstance(item.value, ast.Dict)
        ):
            found[item.targets[0].id] = item.value
    return found


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((kw.value for kw in call.keywords if kw.arg == name), None)
