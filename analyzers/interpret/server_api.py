"""vLLM's OpenAI-compatible server, driven over HTTP: `/v1/load_lora_adapter`, its unload, and
the generations that name a loaded adapter as their model (`/v1/completions`).

The server names adapters; it gives every load its own id from a counter, refuses to load a
name that is already loaded (HTTP 400, the old path keeps being served) unless the request asks
for `load_inplace` (vLLM >= 0.15), and forgets a name on unload (vllm-lora-cache.md §4).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import dict_get, key_text
from analyzers.interpret.folders import content_at
from analyzers.interpret.objects import RequestV, object_key
from analyzers.interpret.trace import Content, ServerLoad, ServerServe
from analyzers.interpret.values import Concat, Const, DictV, Value
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_HTTP_VERBS = frozenset({"post", "request"})


def _text_parts(value: Value | None) -> list[str]:
    if isinstance(value, Const) and isinstance(value.value, str):
        return [value.value]
    if isinstance(value, Concat):
        return [str(p.value) for p in value.parts if isinstance(p, Const)]
    return []


def _server(url: Value | None) -> tuple[str, bool]:
    """Which server: the URL up to its `/v1/` part (one shared key when it is unknown), and
    whether that part is known (a run-time host or port may name any server)."""
    if isinstance(url, Concat):
        prefix: list[Value] = []
        for part in url.parts:
            if isinstance(part, Const) and api.ROUTE_PREFIX in str(part.value):
                prefix.append(Const(str(part.value).split(api.ROUTE_PREFIX)[0]))
                break
            prefix.append(part)
        known = all(isinstance(part, Const) for part in prefix)
        return "+".join(key_text(part) for part in prefix), known
    if isinstance(url, Const):
        return str(url.value).split(api.ROUTE_PREFIX)[0], True
    return "server", False


def _route(verb: str, args: CallArgs) -> tuple[api.Route, Value | None] | None:
    """The adapter endpoint an HTTP call (`post`, `request`) targets, and its URL."""
    if verb not in _HTTP_VERBS:
        return None
    url = args.get(1, "url") if verb == "request" else args.get(0, "url")
    text = "".join(_text_parts(url))
    route = next((route for route, word in _ROUTE_WORDS if word.search(text)), None)
    return (route, url) if route is not None else None


# Each route's word as a whole segment of a URL: `/v1/unload_lora_adapters` is no route of
# vLLM's (the server answers 404, and the unload never happens).
_ROUTE_WORDS = tuple(
    (route, re.compile(rf"(?<!\w){re.escape(route.word)}(?!\w)")) for route in api.ROUTES_BY_WORD
)


def _folders_now(m: Machine) -> dict[int, Content]:
    """What each folder loaded into a server so far holds now, by the load's request id."""
    return {
        fact.request.rid: content_at(m.writes, fact.request.path, m.trace.same_inputs)
        for fact in m.trace.facts
        if isinstance(fact, ServerLoad) and not fact.unload
    }


def client_serve(m: Machine, args: CallArgs, loc: Loc) -> None:
    """`client.completions.create(model="policy", ...)` (or `chat.completions`) of the openai
    client: a generation on a server the analysis does not know, naming an adapter."""
    model = args.keywords.get("model")
    if model is not None:
        m.trace.facts.append(ServerServe("server", model, _folders_now(m), loc, m.proc, False))


# Calls that write a value as JSON text: a dict's text sent as a request body is that dict.
JSON_ENCODERS = frozenset({"json.dumps", "orjson.dumps", "ujson.dumps"})
_JSON_OF = ".__json_of__"  # where `m.unseen.attrs` keeps the dict a JSON text was made from


def encoded(m: Machine, key: str, source: Value) -> None:
    """`json.dumps(body)` made the unknown text `key`: remember the dict as it was then."""
    if isinstance(source, DictV):
        kept = DictV(list(source.keys), list(source.values), source.open, source.missing)
        m.unseen.attrs[(key, _JSON_OF)] = kept


def _decoded(m: Machine, text: Value) -> Value | None:
    """The dict a JSON text sent as a body was made from, if the run made it (else None)."""
    key = object_key(text)
    return m.unseen.attrs.get((key, _JSON_OF)) if key is not None else None


def names_a_route(verb: str, args: CallArgs) -> bool:
    """Whether this HTTP call targets an adapter endpoint (a mocked `requests.post` that does
    is a test's fake server)."""
    return _route(verb, args) is not None


def http_call(m: Machine, verb: str, args: CallArgs, loc: Loc) -> bool:
    """Record a load or unload when this HTTP call targets the adapter endpoints."""
    found = _route(verb, args)
    if found is None:
        return False
    route, url = found
    # `json=` of requests, httpx and aiohttp; `body=` of the openai client's `client.post(...)`;
    # the JSON text of a dict as `data=` (requests, aiohttp) or `content=` (httpx)
    payload = args.keywords.get("json", args.keywords.get("body"))
    for keyword in ("data", "content"):
        if payload is None and keyword in args.keywords:
            payload = _decoded(m, args.keywords[keyword])
    unload = route.effect is api.Effect.UNLOAD

    def field(name: str) -> Value | None:
        if isinstance(payload, DictV):
            return dict_get(m, payload, Const(name), loc)
        return m.opaque(f"{name} of the request body", loc)

    body = api.SERVER_BODY
    server, known = _server(url)
    if route.effect is api.Effect.SERVE:
        serve = ServerServe(server, field(body.model), _folders_now(m), loc, m.proc, known)
        m.trace.facts.append(serve)
        return True
    name, path = field(body.name), None if unload else field(body.path)
    request = RequestV(m.serial(), name, None, path, field(body.load_inplace), loc, server=True)
    request.path_text = args.text(None, "json" if "json" in args.keywords else "body")
    if not unload:
        m.trace.requests.append(request)
        m.covered.add((loc.path, loc.line, loc.column))
    m.trace.facts.append(
        ServerLoad(
            server,
            request,
            unload,
            content_at(m.writes, path, m.trace.same_inputs),
            loc,
            m.proc,
            known,
        )
    )
    return True
