import json
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CONFIG = Path(__file__).with_name("adapters.json")


def load_requests():
    entries = json.loads(CONFIG.read_text())
    return [LoRARequest(e["name"], e["id"], e["path"]) for e in entries]


def main():
    llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=64)
    for req in load_requests():
        print(req.lora_name, llm.generate(["Hello!"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
