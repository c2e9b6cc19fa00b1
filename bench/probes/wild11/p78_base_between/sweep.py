"""Compare each checkpoint to the base model on the same prompt."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    sp = SamplingParams(max_tokens=8)
    for ckpt in sys.argv[1:]:
        tuned = llm.generate(["q"], sp, lora_request=LoRARequest("cand", 1, ckpt))
        base = llm.generate(["q"], sp)
        print(ckpt, tuned[0].outputs[0].text, base[0].outputs[0].text)
