# expect: Indeterminate line=11 reason~="lora_int_id comes from lora_id" reason~="known only at run time"
"""`randint(1, max_loras)` with a bound the run alone knows gives an unknown number of ids, not
the one id of `randrange(1)` (which made it "modulo 1" and "an id of 0 is possible")."""
import random
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

def get_random_lora_request(max_loras, lora_path):
    lora_id = random.randint(1, max_loras)
    return LoRARequest(str(lora_id), lora_id, lora_path)

llm = LLM(model="base", enable_lora=True, max_loras=4)
for p in sys.argv[2:]:
    llm.generate(["hi"], SamplingParams(), lora_request=get_random_lora_request(int(sys.argv[1]), p))
