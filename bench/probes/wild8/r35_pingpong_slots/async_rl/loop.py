import torch
from vllm import LLM, SamplingParams

from .slots import slot_dir, slot_request


def run(model, base, steps=1000):
    llm = LLM(model=base, enable_lora=True, max_loras=2, max_lora_rank=8)
    opt = torch.optim.AdamW(model.parameters(), 1e-5)
    for step in range(steps):
        model.save_pretrained(slot_dir(step))
        outs = llm.generate(["Count to five."] * 16, SamplingParams(max_tokens=32),
                            lora_request=slot_request(step))
        loss = torch.zeros((), requires_grad=True) * len(outs)
        loss.backward()
        opt.step()
