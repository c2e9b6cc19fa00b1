from __future__ import annotations

import asyncio

import aiohttp


async def chat_many(session: aiohttp.ClientSession, base_url: str, model: str,
                    prompts: list[str], concurrency: int = 32) -> list[str]:
    sem = asyncio.Semaphore(concurrency)

    async def one(p: str) -> str:
        async with sem:
            async with session.post(f"{base_url}/v1/chat/completions", json={
                "model": model, "messages": [{"role": "user", "content": p}],
                "temperature": 0.0, "max_tokens": 512,
            }) as r:
                r.raise_for_status()
                return (await r.json())["choices"][0]["message"]["content"]

    return await asyncio.gather(*(one(p) for p in prompts))
