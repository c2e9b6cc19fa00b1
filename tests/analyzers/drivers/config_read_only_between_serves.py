# expect: Safe-single-adapter line=14 reason~="benign cache hit"
"""Reads of the config between serves (`cfg.get(...)`) change nothing: its `adapter_path` is
one folder for the whole run, under one id."""
import sys

import yaml
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = yaml.safe_load(open(sys.argv[1]))
llm = LLM(model="m", enable_lora=True)
for prompt in sys.argv[2:]:
    cfg.get("temperature")
    llm.generate([prompt], lora_request=LoRARequest("a", 1, cfg["adapter_path"]))
