import asyncio

import aiohttp
import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from hub import AdapterHub

CKPT = "/mnt/shared/ckpt/policy"


async def sample(session, prompt):
    async with session.post("http://localhost:8000/v1/completions",
                            json={"model": "policy", "prompt": prompt}) as r:
        return (await r.json())["choices"][0]["text"]


async def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"),
                           LoraConfig(r=8))
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    async with aiohttp.ClientSession() as session:
        hub = AdapterHub(session, "http://localhost:8000")
        for step in range(400):
            model.save_pretrained(CKPT)
            await hub.refresh("policy", CKPT)
            outs = await asyncio.gather(*(sample(session, "2+2=") for _ in range(8)))
            loss = torch.zeros((), requires_grad=True) * len(outs)
            loss.backward()
            opt.step()


if __name__ == "__main__":
    asyncio.run(main())
