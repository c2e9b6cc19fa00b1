# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation"
"""Two adapters under id 1 in a literal table, served in the order the command line names
them: `a b` serves b's weights for a. The names are run-time values, so each may be either key."""
import sys
from vllm import LLM
from vllm.lora.request import LoRARequest
llm = LLM(model="m", enable_lora=True)
REQS = {"a": LoRARequest("a", 1, "/a"), "b": LoRARequest("b", 1, "/b")}
for name in sys.argv[1:]:
    llm.generate(["q"], lora_request=REQS[name])
