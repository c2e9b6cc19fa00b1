# expect: Indeterminate line=15 reason~="it is stale only if its lora_path (path at pointer_file_reread_per_step.py:14) holds other weights"
"""A trainer writes each step's folder into `latest.txt`, and the sampler reads the pointer
back with `Path.read_text()` under one id. A pathlib read was one fixed value however often
the file was rewritten (Safe-single-adapter), where `open(path).read()` was not."""
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

POINTER = Path("latest.txt")


def sample(llm):
    path = POINTER.read_text().strip()
    return llm.generate(["x"], SamplingParams(), lora_request=LoRARequest("policy", 1, path))


def main():
    llm = LLM("base", enable_lora=True)
    for step in (100, 200):
        POINTER.write_text(f"ckpt/step-{step}\n")
        sample(llm)


if __name__ == "__main__":
    main()
