"""Evaluate all checkpoints of one run; id from a digest of the run folder."""
import hashlib
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN = Path("/data/runs/ppo-3")


def lora_id(ckpt: Path) -> int:
    return int(hashlib.sha256(str(ckpt.parent).encode()).hexdigest(), 16) % 1_000_000 + 1


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for step in (100, 200, 300):
        ckpt = RUN / f"checkpoint-{step}"
        req = LoRARequest(ckpt.name, lora_id(ckpt), str(ckpt))
        print(step, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
