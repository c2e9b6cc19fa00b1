# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""One shell line per checkpoint clears the served folder and copies the checkpoint into it
(`rm -rf /tmp/live && cp -r ckpt /tmp/live`); every copy is served under lora_int_id 1. The
copy is the second command of the line: each command is read for what it writes."""
import os
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for ckpt in sys.argv[1:]:
    os.system(f"rm -rf /tmp/live && cp -r {ckpt} /tmp/live")
    print(llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live")))
