"""Keep the production adapter pinned while benchmarking two candidates, then recheck a new production build."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=8)
    prod = LoRARequest("prod", 1, "/adapters/prod-v1")
    print(llm.generate(["q"], sp, lora_request=prod))
    llm.llm_engine.pin_lora(1)
    print(llm.generate(["q"], sp, lora_request=LoRARequest("cand-a", 2, "/adapters/cand-a")))
    print(llm.generate(["q"], sp, lora_request=LoRARequest("cand-b", 3, "/adapters/cand-b")))
    prod_v2 = LoRARequest("prod", 1, "/adapters/prod-v2")
    print(llm.generate(["q"], sp, lora_request=prod_v2))
