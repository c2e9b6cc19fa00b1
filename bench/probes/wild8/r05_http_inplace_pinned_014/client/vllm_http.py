import logging

import requests

log = logging.getLogger(__name__)


class VLLMAdmin:
    """Thin wrapper over a `vllm serve --enable-lora` OpenAI server."""

    def __init__(self, base_url="http://localhost:8000"):
        self.base_url = base_url.rstrip("/")
        self.s = requests.Session()

    def load_adapter(self, name: str, path: str) -> bool:
        r = self.s.post(f"{self.base_url}/v1/load_lora_adapter",
                        json={"lora_name": name, "lora_path": path, "load_inplace": True})
        if r.status_code != 200:
            log.warning("load_lora_adapter %s -> %s %s", name, r.status_code, r.text)
            return False
        return True

    def complete(self, model: str, prompt: str) -> str:
        r = self.s.post(f"{self.base_url}/v1/completions",
                        json={"model": model, "prompt": prompt, "max_tokens": 64})
        r.raise_for_status()
        return r.json()["choices"][0]["text"]
