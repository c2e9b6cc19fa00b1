# expect: Indeterminate line=15 reason~="cfg.get('adapter_path')"
"""As `config_get_same_folder_each_prompt.py`, but the config is merged with another file's
before each serve: the lookup after a change is a new unknown, not the folder served before."""
import sys

import yaml
from vllm import LLM
from vllm.lora.request import LoRARequest

cfg = yaml.safe_load(open(sys.argv[1]))
llm = LLM(model="m", enable_lora=True)
for path in sys.argv[2:]:
    cfg.update(yaml.safe_load(open(path)))
    request = LoRARequest("a", 1, cfg.get("adapter_path", "out/lora"))
    llm.generate(["hi"], lora_request=request)
