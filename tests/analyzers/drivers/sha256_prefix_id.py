# expect: Safe-probabilistic
import hashlib
import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def stable_id(path: str) -> int:
    return int(hashlib.sha256(path.encode()).hexdigest()[:12], 16) + 1


def main() -> None:
    with open("adapters.json") as handle:
        adapters = json.load(handle)
    llm = LLM(model="base", enable_lora=True, max_loras=4, max_cpu_loras=8)
    for entry in adapters:
        llm.generate([entry], SamplingParams(), lora_request=LoRARequest(entry, stable_id(entry), entry))


main()
