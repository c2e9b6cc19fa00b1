"""Each path gets its own engine from lib.engines (keyed by path): id 1 always meets an empty cache."""

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from lib.engines import engine_for

for path in ["ck/1", "ck/2", "ck/3"]:
    engine_for(path).generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))
