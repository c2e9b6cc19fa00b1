"""Fetch the newest adapter blob from the model registry and serve it."""
import time
from pathlib import Path

import requests
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

REGISTRY = "https://models.internal/api/adapters/support-bot/latest"
LIVE = Path("/srv/adapters/support-bot")


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)
    while True:
        meta = requests.get(REGISTRY, timeout=30).json()
        (LIVE / "adapter_config.json").write_text(requests.get(meta["config_url"], timeout=30).text)
        (LIVE / "adapter_model.safetensors").write_bytes(requests.get(meta["weights_url"], timeout=30).content)
        req = LoRARequest("support-bot", 1, str(LIVE))
        print(llm.generate(["hi"], SamplingParams(max_tokens=64), lora_request=req))
        time.sleep(600)


if __name__ == "__main__":
    main()
