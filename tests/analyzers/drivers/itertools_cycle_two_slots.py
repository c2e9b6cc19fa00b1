# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation" reason~="sys.argv[1:][2]"
"""Two slots taken in turn: the third checkpoint gets slot 1 back while it still holds the first."""
import itertools, sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=4)
ids = itertools.cycle([1, 2])
for path in sys.argv[1:]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, next(ids), path))
