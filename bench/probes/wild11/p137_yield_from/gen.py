"""Request streams for several runs chained with yield from."""
import glob

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def run_requests(run: str, lora_id: int):
    for ckpt in sorted(glob.glob(f"/runs/{run}/checkpoint-*")):
        yield LoRARequest(run, lora_id, ckpt)


def all_requests():
    yield from run_requests("sft", 1)
    yield from run_requests("dpo", 2)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for req in all_requests():
        print(req.lora_path, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
