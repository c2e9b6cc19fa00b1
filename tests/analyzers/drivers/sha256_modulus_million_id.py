# expect: Safe-probabilistic line=18 reason~="lora_int_id comes from int(sha256(b'adapters/math').hexdigest(), 16) % 1000000 + 1" reason~="probability at most 4e-06"
"""`int(sha256(path), 16) % 1_000_000 + 1` for three adapters: a collision is possible, bounded at
4e-06."""
import hashlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = ["adapters/math", "adapters/code", "adapters/chat"]


def adapter_id(path: str) -> int:
    return int(hashlib.sha256(path.encode()).hexdigest(), 16) % 1_000_000 + 1


llm = LLM(model="base", enable_lora=True, max_loras=2)
for path in ADAPTERS:
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(path, adapter_id(path), path))
