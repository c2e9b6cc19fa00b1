import logging
from typing import List

import httpx

logger = logging.getLogger(__name__)


class AdapterClient:
    """Registers trainer checkpoints on a remote vLLM OpenAI server and samples from them."""

    def __init__(self, base_url: str, timeout: float = 300.0):
        self._http = httpx.Client(base_url=base_url, timeout=timeout)

    def register(self, name: str, path: str) -> None:
        resp = self._http.post("/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path})
        if resp.status_code == 400 and "already been loaded" in resp.text:
            # re-registering is idempotent from the trainer's point of view
            logger.debug("adapter %s already registered, continuing", name)
            return
        resp.raise_for_status()
        logger.info("registered %s -> %s", name, path)

    def unregister(self, name: str) -> None:
        self._http.post("/v1/unload_lora_adapter", json={"lora_name": name})

    def sample(self, model: str, prompts: List[str], max_tokens: int = 512) -> List[str]:
        resp = self._http.post(
            "/v1/completions",
            json={"model": model, "prompt": prompts, "max_tokens": max_tokens, "temperature": 0.8},
        )
        resp.raise_for_status()
        return [c["text"] for c in sorted(resp.json()["choices"], key=lambda c: c["index"])]

    def close(self):
        self._http.close()
