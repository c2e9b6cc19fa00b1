# expect: Affected
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
LORA_ID = int(os.environ["LORA_ID"])
llm = LLM(model="b", enable_lora=True)
for c in ["c/1", "c/2", "c/3"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", LORA_ID, c))
