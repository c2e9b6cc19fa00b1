# expect: Safe-single-adapter line=16 reason~="benign cache hit"
"""The folder comes from the command line and is handed to functions whose names say they read
it (`load_checkpoint()`, `restore_state()`) or return a path (`checkpoint_path()`): none is
taken to write into it, so one folder under one id is one adapter."""
import sys

from mylab.io import checkpoint_path, load_checkpoint, restore_state
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
out = checkpoint_path(sys.argv[1])
for prompt in sys.argv[2:]:
    load_checkpoint(out)
    restore_state(out)
    llm.generate([prompt], lora_request=LoRARequest("live", 1, out))
