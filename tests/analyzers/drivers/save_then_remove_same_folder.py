# expect: Safe-by-eviction line=12 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (remove_lora"
"""Save into one folder, then `remove_lora(1)` before serving it: the folder is re-read every step."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
SYNC = "/tmp/sync"


def loop(policy, llm, steps=4):
    for _ in range(steps):
        policy.save_pretrained(SYNC)
        llm.llm_engine.remove_lora(1)
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("p", 1, SYNC))


if __name__ == "__main__":
    loop(object(), LLM(model="b", enable_lora=True))
