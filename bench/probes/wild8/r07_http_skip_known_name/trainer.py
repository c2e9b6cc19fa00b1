import asyncio

import torch
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from serving import AdapterClient

OUT = "out/adapter"
PROMPTS = ["Explain recursion.", "What is a monad?"]


async def evaluate(client, epoch):
    texts = await asyncio.gather(*(client.generate("student", OUT, p) for p in PROMPTS))
    print(epoch, [len(t) for t in texts])


async def main():
    model = get_peft_model(AutoModelForCausalLM.from_pretrained("gpt2"),
                           LoraConfig(r=4, target_modules=["c_attn"]))
    opt = torch.optim.AdamW(model.parameters(), 1e-4)
    client = AdapterClient()
    for epoch in range(10):
        for _ in range(100):
            loss = model(torch.tensor([[1, 2, 3]]), labels=torch.tensor([[1, 2, 3]])).loss
            loss.backward()
            opt.step()
            opt.zero_grad()
        model.save_pretrained(OUT)
        await evaluate(client, epoch)


if __name__ == "__main__":
    asyncio.run(main())
