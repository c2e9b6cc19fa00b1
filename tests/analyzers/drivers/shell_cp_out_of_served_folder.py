# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime (lora_int_id 1, 'serve/current')"
"""The served folder is only a source: copied out and scored, never written."""
import subprocess

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SERVE_DIR = "serve/current"


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    for step in range(3):
        llm.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("current", 1, SERVE_DIR))
        subprocess.run(["cp", "-r", SERVE_DIR, f"backups/step-{step}"], check=True)
        subprocess.run(["python", "score.py", "--adapter", SERVE_DIR], check=True)


if __name__ == "__main__":
    main()
