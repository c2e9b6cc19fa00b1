# expect: Safe-single-adapter line=14 reason~="benign cache hit"
"""The folder comes from `cfg.get("adapter_path", ...)` on a config the analysis cannot see into,
looked up again for each prompt: the same lookup on an unchanged mapping is one value, so one
folder under one id is one adapter."""
import sys

import yaml
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = yaml.safe_load(open(sys.argv[1]))
llm = LLM(model="m", enable_lora=True)
for prompt in sys.argv[2:]:
    llm.generate([prompt], lora_request=LoRARequest("a", 1, cfg.get("adapter_path", "out/lora")))
