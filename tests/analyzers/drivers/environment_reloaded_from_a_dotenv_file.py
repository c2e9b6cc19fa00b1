# expect: Indeterminate line=17 reason~="it is stale only if its lora_path"
"""The loop writes `.env` and `load_dotenv(override=True)` loads it: the variable the run set
before may hold anything after (it was kept: Safe-single-adapter)."""
import os

from dotenv import load_dotenv
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

os.environ["ADAPTER"] = "ckpt/a"
llm = LLM("base", enable_lora=True)
for ckpt in ["ckpt/a", "ckpt/b"]:
    with open(".env", "w") as env:
        env.write(f"ADAPTER={ckpt}\n")
    load_dotenv(override=True)
    request = LoRARequest("policy", 1, os.environ["ADAPTER"])
    llm.generate(["q"], SamplingParams(), lora_request=request)
