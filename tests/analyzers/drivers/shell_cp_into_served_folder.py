# expect: Affected line=16 reason~="lora_int_id 1 is reused for a folder whose weights change"
"""`cp -r ck/. serve/current` overwrites the served folder before it is served again under id 1."""
import subprocess

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["runs/r1/checkpoint-1000", "runs/r1/checkpoint-2000"]
SERVE_DIR = "serve/current"


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    for ck in CKPTS:
        subprocess.run(["cp", "-r", f"{ck}/.", SERVE_DIR], check=True)
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("current", 1, SERVE_DIR))


if __name__ == "__main__":
    main()
