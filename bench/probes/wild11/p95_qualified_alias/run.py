"""Evaluate checkpoints (fully qualified request class)."""
import sys

import vllm
import vllm.lora.request as lreq

if __name__ == "__main__":
    llm = vllm.LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    Adapter = lreq.LoRARequest
    for ckpt in sys.argv[1:]:
        print(llm.generate(["q"], vllm.SamplingParams(max_tokens=8), lora_request=Adapter("cand", 1, ckpt)))
