import httpx


class AdapterClient:
    """Async client for a vLLM OpenAI server started with --enable-lora."""

    def __init__(self, url="http://vllm:8000"):
        self._http = httpx.AsyncClient(base_url=url, timeout=300)
        self._loaded: set[str] = set()

    async def ensure_loaded(self, name: str, path: str) -> None:
        if name in self._loaded:
            return
        r = await self._http.post("/v1/load_lora_adapter",
                                  json={"lora_name": name, "lora_path": path})
        r.raise_for_status()
        self._loaded.add(name)

    async def generate(self, name: str, path: str, prompt: str) -> str:
        await self.ensure_loaded(name, path)
        r = await self._http.post("/v1/completions",
                                  json={"model": name, "prompt": prompt, "max_tokens": 128})
        r.raise_for_status()
        return r.json()["choices"][0]["text"]
