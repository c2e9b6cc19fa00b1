"""A route handler that a client of the same repository feeds a freshly rewritten folder.

An RL trainer saves the policy into one sync folder and posts that folder to its rollout
server's `/update_weights` route. The server keeps the request of a path it already serves (a
dedupe by path), so every later post of the same folder is served the first weights. Without
the client, two posts of one path are two posts of one adapter (a benign hit); with it, the
client's source says the folder was rewritten before each post: a fact, read from syntax.
"""

from __future__ import annotations

import ast
from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.files.posting import Feed, feeds_of, route_of, same_route
from analyzers.model import Verdict

STATE = """\
from vllm.lora.request import LoRARequest


class PolicyState:
    def __init__(self):
        self.version = 0
        self.path = None
        self.request = None

    async def update(self, path):
        if path == self.path and self.request is not None:
            return self.request  # the adapter we already serve
        self.version += 1
        self.path = path
        self.request = LoRARequest(f"policy-{self.version}", self.version, path)
        return self.request
"""
APP = """\
import argparse

import uvicorn
from fastapi import FastAPI
from pydantic import BaseModel
from vllm import SamplingParams
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.v1.engine.async_llm import AsyncLLM

from server.state import PolicyState

app = FastAPI()
STATE = PolicyState()
ENGINE = None


class Update(BaseModel):
    adapter_path: str


class Prompt(BaseModel):
    prompt: str


@app.post("/update_weights")
async def update_weights(body: Update):
    request = await STATE.update(body.adapter_path)
    return {"lora_int_id": request.lora_int_id}


@app.post("/generate")
async def generate(body: Prompt):
    final = None
    request = STATE.request
    async for out in ENGINE.generate(body.prompt, SamplingParams(), "r", lora_request=request):
        final = out
    return {"text": final.outputs[0].text}


def main():
    global ENGINE
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="Qwen/Qwen2.5-7B-Instruct")
    args = parser.parse_args()
    ENGINE = AsyncLLM.from_engine_args(AsyncEngineArgs(model=args.model, enable_lora=True))
    uvicorn.run(app)


if __name__ == "__main__":
    main()
"""
# The trainer's client: it overwrites one folder, then posts it.
CLIENT = """\
import requests


class Pusher:
    def __init__(self, server, sync_dir):
        self.server = server
        self.sync_dir = sync_dir

    def push(self, model):
        model.save_pretrained(self.sync_dir)
        payload = {"adapter_path": self.sync_dir}
        requests.post(f"{self.server}/update_weights", json=payload, timeout=60)
"""
# Saves a checkpoint, but posts another folder: the server is told of folders it never sees
# rewritten.
OTHER_CLIENT = """\
import requests


def push(model, server, checkpoint_dir, release_dir):
    model.save_pretrained(checkpoint_dir)
    requests.post(server + "/update_weights", json={"adapter_path": release_dir})
"""


def _write(root: Path, client: str | None) -> None:
    files = {"server/__init__.py": "", "server/state.py": STATE, "server/app.py": APP}
    if client is not None:
        files["trainer/push.py"] = client
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def _rows(root: Path, cache: dict[str, str] | None = None) -> dict[str, tuple[Verdict, str]]:
    report = audit_tree(DirectoryTree(root), AuditOptions(), cache=cache, jobs=1)
    return {row.path: (row.verdict, row.reason) for row in report.drivers}


def test_a_folder_the_client_rewrites_before_each_post_is_stale_on_the_server(
    tmp_path: Path,
) -> None:
    _write(tmp_path, CLIENT)
    rows = _rows(tmp_path)
    verdict, reason = rows["server/app.py"]
    assert verdict is Verdict.AFFECTED
    assert "rewritten by the repository's client" in reason
    assert "trainer/push.py:10" in reason  # the client's save_pretrained
    assert rows["server/state.py"][0] is Verdict.AFFECTED
    assert "trainer/push.py" not in rows  # the client builds no request: no row of its own


def test_without_such_a_client_a_repeated_path_is_one_adapter(tmp_path: Path) -> None:
    _write(tmp_path, None)
    assert _rows(tmp_path)["server/app.py"][0] is Verdict.SAFE_DISTINCT_ID
    _write(tmp_path, OTHER_CLIENT)
    assert _rows(tmp_path)["server/app.py"][0] is Verdict.SAFE_DISTINCT_ID


def test_a_cached_server_result_follows_its_client(tmp_path: Path) -> None:
    _write(tmp_path, CLIENT)
    cache: dict[str, str] = {}
    assert _rows(tmp_path, cache)["server/app.py"][0] is Verdict.AFFECTED
    (tmp_path / "trainer/push.py").write_text(OTHER_CLIENT)
    assert _rows(tmp_path, cache)["server/app.py"][0] is Verdict.SAFE_DISTINCT_ID
    head = "    def push(self, model):\n"
    moved = CLIENT.replace(head, head + "        model.eval()\n")
    (tmp_path / "trainer/push.py").write_text(moved)
    _, reason = _rows(tmp_path, cache)["server/app.py"]
    assert "trainer/push.py:11" in reason  # the line moved with the client, not a stale hit


def test_feeds_are_read_from_the_clients_syntax() -> None:
    assert feeds_of(ast.parse(CLIENT), "c.py") == [
        Feed("/update_weights", "adapter_path", "c.py", 10)
    ]
    assert feeds_of(ast.parse(OTHER_CLIENT), "c.py") == []
    posted_first = (
        "def push(model, url, folder):\n"
        "    requests.post(url + '/load', json={'path': folder})\n"
        "    model.save_pretrained(folder)\n"
    )
    assert feeds_of(ast.parse(posted_first), "c.py") == []
    keywords = (
        "async def push(model, client, folder):\n"
        "    model.save_pretrained(save_directory=folder)\n"
        "    await client.put('http://h:8000/v1/adapters/load?x=1', json=dict(path=folder))\n"
    )
    assert feeds_of(ast.parse(keywords), "c.py") == [Feed("/v1/adapters/load", "path", "c.py", 2)]


def test_routes_from_urls_and_their_matches() -> None:
    def route(text: str) -> str | None:
        return route_of(ast.parse(text, mode="eval").body)

    assert route('f"{base}/v1/update"') == "/v1/update"
    assert route('"/update/"') == "/update"
    assert route('"update"') is None
    assert route("url") is None
    assert route('f"{base}/adapters/{name}"') is None  # a path parameter: not one route
    assert same_route("/update_weights", "/update_weights")
    assert same_route("/api/update_weights", "/update_weights")  # a router under a prefix
    assert not same_route("/update_weights", "/weights")
    assert not same_route("/x_update", "/update")
