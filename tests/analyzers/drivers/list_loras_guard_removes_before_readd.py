# expect: Safe-by-eviction line=12 reason~="evicted before every repeat"
"""The guard removes id 1 whenever the cache holds it; when it does not, there is nothing stale to serve."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=2)
    for ck in ["ck/100", "ck/200", "ck/300"]:
        if 1 in llm.llm_engine.list_loras():
            llm.llm_engine.remove_lora(1)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("ck", 1, ck))


if __name__ == "__main__":
    main()
