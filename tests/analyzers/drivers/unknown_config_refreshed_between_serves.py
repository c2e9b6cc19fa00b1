# expect: Indeterminate line=14 reason~="cfg['adapter_path']"
"""The config is handed to a function of another package each round (`refresh(cfg)`), which may
change what it holds; its `adapter_path` read after is not taken to be the earlier one."""
import sys

from mylab.cfg import load_config, refresh
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = load_config(sys.argv[1])
llm = LLM(model="m", enable_lora=True)
for step in range(int(sys.argv[2])):
    refresh(cfg)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, cfg["adapter_path"]))
