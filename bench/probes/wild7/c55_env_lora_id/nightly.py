import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_ID = int(os.environ.get("LORA_ID", "1"))
RUN_DIR = os.environ.get("RUN_DIR", "/runs/nightly")
STEPS = [int(s) for s in os.environ.get("EVAL_STEPS", "500,1000,1500").split(",")]


def main():
    llm = LLM(os.environ.get("BASE_MODEL", "meta-llama/Llama-3.1-8B"), enable_lora=True)
    sp = SamplingParams(max_tokens=128)
    for step in STEPS:
        path = os.path.join(RUN_DIR, f"checkpoint-{step}")
        out = llm.generate(["Summarize the news."], sp,
                           lora_request=LoRARequest("nightly", LORA_ID, path))
        print(step, out[0].outputs[0].text[:80])


if __name__ == "__main__":
    main()
