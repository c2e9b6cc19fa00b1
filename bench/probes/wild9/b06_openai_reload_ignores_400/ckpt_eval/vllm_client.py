"""Thin client for a running `vllm serve ... --enable-lora` instance
(started with VLLM_ALLOW_RUNTIME_LORA_UPDATING=True)."""

from __future__ import annotations

import logging

import httpx

log = logging.getLogger(__name__)


class VLLMServerClient:
    def __init__(self, base_url: str = "http://127.0.0.1:8000", timeout: float = 600.0):
        self.base_url = base_url.rstrip("/")
        self.http = httpx.Client(timeout=timeout)

    def load_adapter(self, name: str, path: str) -> None:
        resp = self.http.post(
            f"{self.base_url}/v1/load_lora_adapter",
            json={"lora_name": name, "lora_path": path},
        )
        if resp.status_code != 200:
            # the server answers 400 when the name is already registered; that is fine,
            # we only need the adapter to be available under `name`.
            log.warning("load_lora_adapter(%s) -> %s %s", name, resp.status_code, resp.text)

    def complete(self, model: str, prompts: list[str], max_tokens: int = 512) -> list[str]:
        resp = self.http.post(
            f"{self.base_url}/v1/completions",
            json={"model": model, "prompt": prompts, "max_tokens": max_tokens,
                  "temperature": 0.0},
        )
        resp.raise_for_status()
        choices = sorted(resp.json()["choices"], key=lambda c: c["index"])
        return [c["text"] for c in choices]
