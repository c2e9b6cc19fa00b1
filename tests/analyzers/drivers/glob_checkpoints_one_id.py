# expect: Affected
import glob
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in sorted(glob.glob("checkpoints/*")):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
