"""Roll out saved checkpoints of a run; id hashed from (run, role)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN = "ppo-7"

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        lora_id = hash((RUN, "policy")) % 100_000 + 1
        req = LoRARequest(f"policy-{lora_id}", lora_id, ckpt)
        print(ckpt, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
