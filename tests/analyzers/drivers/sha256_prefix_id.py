# expect: Safe-probabilistic line=20 reason~="lora_int_id comes from int(sha256(adapters[0].encode()).hexdigest()[:12], 16) + 1" reason~="probability at most 2.84e-11"
"""A 48-bit sha256 prefix of the path is the id: two of the (unknown number of) adapters collide
only with a tiny, bounded probability."""
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
