# expect: Indeterminate line=8 reason~="lora_int_id comes from time.time()" reason~="which repeats for requests made within the same clock tick"
"""`int(time.time())` as the id: requests within one second share it, so no bound can be given."""
import time
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=2)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, int(time.time()), p))
