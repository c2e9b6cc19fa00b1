# expect: Safe-distinct-id line=13 reason~="but every request names one adapter ('/adapters/sql-lora'), so a repeated id is a benign cache hit"
"""vLLM's benchmark shape: a random id per request, one folder never written. Ids that meet
stand for the same adapter; counting each request as an adapter made it a collision bound."""
import random
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_PATH = "/adapters/sql-lora"


def random_lora_request(max_loras):
    lora_id = random.randint(1, max_loras)
    return LoRARequest(str(lora_id), lora_id, LORA_PATH)


llm = LLM(model="base", enable_lora=True, max_loras=4)
for _ in range(8):
    llm.generate(["hi"], SamplingParams(), lora_request=random_lora_request(4))
