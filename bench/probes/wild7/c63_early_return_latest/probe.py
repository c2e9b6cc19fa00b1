import os
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def probe_latest(llm, ckpts):
    for path in reversed(ckpts):
        if not os.path.exists(os.path.join(path, "adapter_config.json")):
            continue  # partially written checkpoint
        out = llm.generate(["Hello"], SamplingParams(max_tokens=8),
                           lora_request=LoRARequest("probe", 1, path))
        return path, out[0].outputs[0].text
    return None, None


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    print(probe_latest(llm, sorted(sys.argv[1:])))
