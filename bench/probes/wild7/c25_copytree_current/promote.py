import shutil
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SERVE_DIR = "/srv/adapters/current"
CURRENT = LoRARequest("current", 1, SERVE_DIR)


def promote(src):
    shutil.copytree(src, SERVE_DIR, dirs_exist_ok=True)


def smoke_test(llm):
    sp = SamplingParams(max_tokens=16, temperature=0)
    return llm.generate(["ping"], sp, lora_request=CURRENT)[0].outputs[0].text


def main(candidates):
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    for cand in candidates:
        promote(cand)
        print(cand, smoke_test(llm))


if __name__ == "__main__":
    main(["/runs/a/final", "/runs/b/final"])
