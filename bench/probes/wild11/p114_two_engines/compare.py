"""Compare candidates on two base models; one engine per base."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [("small", "/ck/small/a"), ("large", "/ck/large/a"), ("small", "/ck/small/b")]

if __name__ == "__main__":
    engines = {
        "small": LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, gpu_memory_utilization=0.3),
        "large": LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, gpu_memory_utilization=0.5),
    }
    for i, (base, path) in enumerate(JOBS):
        req = LoRARequest(f"job{i}", i % 2 + 1, path)
        print(path, engines[base].generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
