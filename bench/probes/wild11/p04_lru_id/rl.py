"""GRPO-style loop: train, save a checkpoint per step, roll out with it."""
import functools
import itertools

from peft import get_peft_model, LoraConfig
from transformers import AutoModelForCausalLM
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "/scratch/grpo"
_ids = itertools.count(1)


@functools.lru_cache(maxsize=None)
def lora_id_for(name: str) -> int:
    return next(_ids)


def main() -> None:
    base = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-1.5B")
    policy = get_peft_model(base, LoraConfig(r=16))
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_lora_rank=16)
    sp = SamplingParams(max_tokens=256, n=4)
    prompts = ["Solve: 12*7", "Solve: 99-13"]
    for step in range(100):
        ckpt = f"{OUT}/step-{step}"
        policy.save_pretrained(ckpt)
        req = LoRARequest("policy", lora_id_for("policy"), ckpt)
        outs = llm.generate(prompts, sp, lora_request=req)
        loss = sum(len(o.outputs) for o in outs)
        print(step, loss)


if __name__ == "__main__":
    main()
