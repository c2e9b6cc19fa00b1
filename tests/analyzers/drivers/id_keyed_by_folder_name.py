# expect: Indeterminate line=17 reason~="lora_int_id comes from `ids[name]`"
"""Ids are handed out per folder name, and each checkpoint given on the command line is served
under the id of its name. Two checkpoints of different runs may share a name (`run-a/final`,
`run-b/final`), and then the second is served the first's weights: the names are never taken
to differ, so the row cannot be Safe."""
import sys
from pathlib import Path

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
ids = {}
for checkpoint in sys.argv[1:]:
    name = Path(checkpoint).name
    ids.setdefault(name, len(ids) + 1)
    llm.generate(["hi"], lora_request=LoRARequest(name, ids[name], checkpoint))
