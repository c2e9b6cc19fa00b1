# expect: Safe-single-adapter line=13 reason~="one adapter per engine lifetime (lora_int_id 1, 'ckpt/final')"
"""The environment set once at the top (`os.environ.setdefault`) and read in the loop: the
variable the run set is the one folder every request names."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

os.environ["ADAPTER_PATH"] = "ckpt/final"
os.environ.setdefault("ADAPTER_PATH", "ckpt/other")
llm = LLM("base", enable_lora=True)
for prompt in ["q1", "q2", "q3"]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("p", 1, os.getenv("ADAPTER_PATH")))
