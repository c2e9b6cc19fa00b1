"""Serve the whole adapter zoo from one engine, with ids derived from the adapter path.

Ids are a digest of the path, so the same adapter always gets the same id and different adapters
collide only with negligible probability.
"""

from __future__ import annotations

import argparse
import hashlib

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from stale_serve.engine import build_engine
from stale_serve.prompts import PANEL

ZOO = [
    "zoo/math-r8", "zoo/math-r16", "zoo/code-r8", "zoo/code-r16",
    "zoo/chat-r8", "zoo/chat-r16", "zoo/tools-r8", "zoo/tools-r16",
]


def adapter_id(path: str) -> int:
    digest = hashlib.sha256(path.encode("utf-8")).hexdigest()
    return int(digest[:15], 16) % (2**31 - 1) + 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    llm = build_engine(max_loras=4)
    for _ in range(args.rounds):
        for path in ZOO:
            request = LoRARequest(path, adapter_id(path), path)
            llm.generate(PANEL, SamplingParams(max_tokens=64), lora_request=request)


if __name__ == "__main__":
    main()
