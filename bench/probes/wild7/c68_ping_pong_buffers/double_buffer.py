import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BUF_ROOT = "/dev/shm/lora_buffers"


def buffer_path(step):
    return os.path.join(BUF_ROOT, f"buf{step % 2}")


def train(model, batches):
    llm = LLM("Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True, max_loras=2)
    sp = SamplingParams(n=4, max_tokens=64)
    for step, batch in enumerate(batches):
        path = buffer_path(step)
        model.save_pretrained(path)
        req = LoRARequest(f"buf{step % 2}", step % 2 + 1, path)
        outs = llm.generate(batch, sp, lora_request=req)
        model.update(outs)


if __name__ == "__main__":
    from mymodel import load
    train(load(), [["p1"], ["p2"], ["p3"], ["p4"]])
