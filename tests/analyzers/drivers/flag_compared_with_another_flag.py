# expect: Affected line=14 reason~="lora_int_id 1 is reused without invalidation" reason~="only with"
"""Two command-line values compared with `==`: nothing says they differ, and when a user passes
the same value twice the second request reuses lora_int_id 1 for another folder on the same
engine. Taking two run-time inputs to be distinct (a guess) would prune the branch."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
mode, wanted = sys.argv[1], sys.argv[2]
llm.generate(["x"], lora_request=LoRARequest("base", 1, "/ckpt/base"))
if mode == wanted:
    llm.generate(["x"], lora_request=LoRARequest("other", 1, "/ckpt/other"))
