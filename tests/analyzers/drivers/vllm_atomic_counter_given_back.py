# expect: Affected line=17 reason~="lora_int_id 1 is reused without invalidation"
"""An id taken with `AtomicCounter.inc()` is given back with `dec()` once the evaluation is over,
but the adapter is never removed from the engine: the next checkpoint gets the same id and is
served the previous checkpoint's weights."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
from vllm.utils import AtomicCounter

llm = LLM(model="base", enable_lora=True)
ids = AtomicCounter()


def evaluate(checkpoint):
    lora_id = ids.inc()
    request = LoRARequest("eval", lora_id, checkpoint)
    outputs = llm.generate(["q"], SamplingParams(), lora_request=request)
    ids.dec()
    return outputs


for checkpoint in sys.argv[1:]:
    evaluate(checkpoint)
