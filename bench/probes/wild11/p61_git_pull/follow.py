"""Follow an adapter repository: pull new commits and serve the adapter."""
import subprocess
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER_REPO = "/srv/adapters/support-bot"


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    req = LoRARequest("support-bot", 1, ADAPTER_REPO)
    while True:
        subprocess.run(["git", "-C", ADAPTER_REPO, "pull", "--ff-only"], check=True)
        out = llm.generate(["How do I reset my password?"], SamplingParams(max_tokens=64), lora_request=req)
        print(out[0].outputs[0].text)
        time.sleep(600)


if __name__ == "__main__":
    main()
