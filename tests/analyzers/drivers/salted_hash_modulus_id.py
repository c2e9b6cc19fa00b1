# expect: Safe-probabilistic
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MOD = 2**31 - 1

llm = LLM(model="base", enable_lora=True, max_loras=2)
for path in sys.argv[1:]:
    lora_id = abs(hash(path)) % MOD + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, lora_id, path))
