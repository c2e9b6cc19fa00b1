from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

BASE = "Qwen/Qwen2.5-1.5B-Instruct"


def eval_one(adapter_path: str, out_q) -> None:
    """Runs in its own spawned process: one engine, one adapter."""
    llm = LLM(model=BASE, enable_lora=True, max_lora_rank=16, gpu_memory_utilization=0.8)
    req = LoRARequest("adapter", 1, adapter_path)
    outs = llm.generate(["Translate to French: good morning"] * 16,
                        SamplingParams(max_tokens=32), lora_request=req)
    out_q.put((adapter_path, [o.outputs[0].text for o in outs]))
