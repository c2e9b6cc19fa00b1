import aiohttp


class AdapterHub:
    def __init__(self, session: aiohttp.ClientSession, url: str):
        self.session = session
        self.url = url

    async def _post(self, route, payload):
        async with self.session.post(self.url + route, json=payload) as resp:
            return resp.status, await resp.text()

    async def unload(self, name):
        # 404 when it was never loaded; that is fine
        return await self._post("/v1/unload_lora_adapter", {"lora_name": name})

    async def load(self, name, path):
        status, body = await self._post("/v1/load_lora_adapter",
                                        {"lora_name": name, "lora_path": path})
        if status != 200:
            raise RuntimeError(body)

    async def refresh(self, name, path):
        await self.unload(name)
        await self.load(name, path)
