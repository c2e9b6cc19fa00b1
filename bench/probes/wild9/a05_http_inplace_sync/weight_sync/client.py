import logging
import time
from typing import List

import requests

logger = logging.getLogger(__name__)


class RolloutServerClient:
    """Talks to a `vllm serve` process started with VLLM_ALLOW_RUNTIME_LORA_UPDATING=1."""

    def __init__(self, base_url: str = "http://localhost:8000", timeout: float = 120.0):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()

    def wait_ready(self, attempts: int = 60):
        for _ in range(attempts):
            try:
                if self.session.get(f"{self.base_url}/health", timeout=5).ok:
                    return
            except requests.ConnectionError:
                pass
            time.sleep(5)
        raise RuntimeError("vLLM server never became healthy")

    def push_adapter(self, name: str, path: str) -> None:
        # same name every step; load_inplace makes the server re-read the folder under the same id
        payload = {"lora_name": name, "lora_path": path, "load_inplace": True}
        resp = self.session.post(f"{self.base_url}/v1/load_lora_adapter", json=payload, timeout=self.timeout)
        resp.raise_for_status()
        logger.info("server now serves %s from %s", name, path)

    def complete(self, model: str, prompts: List[str], max_tokens: int = 256, n: int = 4) -> List[List[str]]:
        resp = self.session.post(
            f"{self.base_url}/v1/completions",
            json={"model": model, "prompt": prompts, "max_tokens": max_tokens, "n": n, "temperature": 1.0},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        choices = resp.json()["choices"]
        grouped = [[] for _ in prompts]
        for ch in choices:
            grouped[ch["index"] // n].append(ch["text"])
        return grouped
