"""Runtime adapter management for a `vllm serve` instance
(VLLM_ALLOW_RUNTIME_LORA_UPDATING=1)."""

from __future__ import annotations

import aiohttp


class LoraAdapterError(RuntimeError):
    pass


class LoraAdmin:
    def __init__(self, session: aiohttp.ClientSession, base_url: str):
        self.session = session
        self.base_url = base_url.rstrip("/")
        self.loaded: dict[str, str] = {}

    async def _post(self, route: str, payload: dict) -> None:
        async with self.session.post(f"{self.base_url}{route}", json=payload) as r:
            if r.status != 200:
                raise LoraAdapterError(f"{route} {payload} -> {r.status}: {await r.text()}")

    async def unload(self, name: str) -> None:
        await self._post("/v1/unload_lora_adapter", {"lora_name": name})
        self.loaded.pop(name, None)

    async def swap(self, name: str, path: str) -> None:
        """Point `name` at `path`: unload the old adapter first, because the server
        refuses to load a name that is already registered."""
        if name in self.loaded:
            await self.unload(name)
        await self._post("/v1/load_lora_adapter", {"lora_name": name, "lora_path": path})
        self.loaded[name] = path
