# expect: Affected line=13 reason~="'/tmp/live' is rewritten"
"""Each checkpoint is moved into the served folder with `Path.rename` (as `os.rename` would do)
and served under lora_int_id 1: the second serve gets the first checkpoint's weights."""
import sys
from pathlib import Path

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for ckpt in sys.argv[1:]:
    Path(ckpt).rename("/tmp/live")
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
