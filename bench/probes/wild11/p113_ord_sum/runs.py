"""Compare hyper-parameter runs; id derived from the run name."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUNS = ["lr1e-4_bs32", "lr3e-4_bs12", "lr2e-4_bs16"]


def lora_id(run: str) -> int:
    return sum(map(ord, run)) % 10_000 + 1


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for run in RUNS:
        req = LoRARequest(run, lora_id(run), f"/sweeps/{run}/final")
        print(run, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
