# expect: Indeterminate line=15 reason~="len(the adapter ids loaded in LLM) + 1"
"""The next "free" id is counted from what the engine holds: `len(list_loras()) + 1`. With one
adapter slot the count stays 1 once the cache is full, so the third checkpoint reuses id 2.
That number is a new id, not one of the resident ids: never a mere reference to them."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    for step in (100, 200, 300):
        # next free id = number of adapters the engine already holds + 1
        lora_id = len(llm.llm_engine.list_loras()) + 1
        req = LoRARequest(f"s{step}", lora_id, f"/ck/step_{step}")
        print(step, lora_id, llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
