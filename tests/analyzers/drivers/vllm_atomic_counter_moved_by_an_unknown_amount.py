# expect: Indeterminate line=19 reason~="known only at run time"
"""vLLM's `AtomicCounter` gives the baseline id 1, then gives back as many ids as the command
line says: with 1 the first checkpoint gets id 1 again and is served the baseline's weights, with
0 every id is new. Once the counter moved by an unknown amount what it gives is unknown (it is
not 2, 3, ... as if it had not moved), and the answer stays open."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
from vllm.utils.counter import AtomicCounter

llm = LLM(model="base", enable_lora=True, max_loras=8)
ids = AtomicCounter(0)
back = int(sys.argv[1])
baseline = LoRARequest("baseline", ids.inc(), sys.argv[2])
llm.generate(["q"], SamplingParams(), lora_request=baseline)
ids.dec(back)
for checkpoint in sys.argv[3:]:
    request = LoRARequest("eval", ids.inc(), checkpoint)
    llm.generate(["q"], SamplingParams(), lora_request=request)
