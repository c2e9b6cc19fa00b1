# expect: Safe-probabilistic line=14 reason~="lora_int_id comes from abs(hash(sys.argv[1:][0])) % 2147483647 + 1" reason~="probability at most 9.3e-07"
"""`abs(hash(path)) % (2**31 - 1) + 1`: equal ids need a hash collision modulo 2**31 - 1, which
is bounded well below 1% for up to 1,000 adapters."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MOD = 2**31 - 1

llm = LLM(model="base", enable_lora=True, max_loras=2)
for path in sys.argv[1:]:
    lora_id = abs(hash(path)) % MOD + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, lora_id, path))
