# expect: Indeterminate line=16 reason~="cfg['adapter_path']"
"""The config is merged with another file's (`cfg.update(more)`) between two serves of its
`adapter_path` under lora_int_id 1: the second read may name another folder, so the two are not
taken to be one adapter; the row says what it depends on."""
import sys

import yaml
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = yaml.safe_load(open(sys.argv[1]))
more = yaml.safe_load(open(sys.argv[2]))
llm = LLM(model="m", enable_lora=True)
llm.generate(["hi"], lora_request=LoRARequest("a", 1, cfg["adapter_path"]))
cfg.update(more)
llm.generate(["hi"], lora_request=LoRARequest("a", 1, cfg["adapter_path"]))
