# expect: Affected line=15 reason~="is served sys.argv[2:][0]"
"""A config read from a file the analysis cannot see is updated in place with each checkpoint
(`cfg.update({...})`) and its `adapter_path` served under lora_int_id 1. The item read after an
update is what the update put there, not what an earlier read gave: a new folder each time."""
import sys

import yaml
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = yaml.safe_load(open(sys.argv[1]))
llm = LLM(model="m", enable_lora=True)
for ckpt in sys.argv[2:]:
    cfg.update({"adapter_path": ckpt})
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, cfg["adapter_path"]))
