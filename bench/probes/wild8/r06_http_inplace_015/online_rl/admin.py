import httpx

BASE_URL = "http://127.0.0.1:8000"
_client = httpx.Client(base_url=BASE_URL, timeout=120)


def reload_adapter(name: str, path: str) -> None:
    """Load or re-read an adapter under the same name (vLLM >= 0.15)."""
    r = _client.post("/v1/load_lora_adapter",
                     json={"lora_name": name, "lora_path": path, "load_inplace": True})
    r.raise_for_status()


def chat(model: str, text: str) -> str:
    r = _client.post("/v1/chat/completions",
                     json={"model": model, "messages": [{"role": "user", "content": text}]})
    r.raise_for_status()
    return r.json()["choices"][0]["message"]["content"]
