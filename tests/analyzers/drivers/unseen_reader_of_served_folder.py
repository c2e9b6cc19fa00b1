# expect: Safe-single-adapter line=15 reason~="benign cache hit"
"""Each round hands the served folder to functions of another package whose names say they
read it (`load_metadata()`) or neither read nor write (`describe_adapter()`): neither is taken
to write into it, so one folder under one id is one adapter."""
import sys

from mylab.io import describe_adapter, load_metadata
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for prompt in sys.argv[1:]:
    meta = load_metadata("/tmp/live")
    describe_adapter("/tmp/live", meta)
    request = LoRARequest("live", 1, "/tmp/live")
    llm.generate([prompt], lora_request=request)
