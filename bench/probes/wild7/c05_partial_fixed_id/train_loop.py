import os
from functools import partial

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = os.environ.get("OUT_DIR", "/scratch/grpo")
policy_request = partial(LoRARequest, "policy", 1)


def save_adapter(model, step):
    path = os.path.join(OUT, f"checkpoint-{step}")
    model.save_pretrained(path)
    return path


def train(model, optimizer, batches):
    llm = LLM("Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True, gpu_memory_utilization=0.3)
    sp = SamplingParams(n=8, temperature=0.9, max_tokens=256)
    for step, batch in enumerate(batches):
        path = save_adapter(model, step)
        completions = llm.generate(batch["prompts"], sp, lora_request=policy_request(path))
        loss = model.compute_loss(batch, completions)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
