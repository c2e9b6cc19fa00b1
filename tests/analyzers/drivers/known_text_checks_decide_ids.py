# expect: Safe-distinct-id line=18 reason~="4 distinct ids"
"""Checks on text the code itself holds are decided as Python decides them: `re.search` and
`re.fullmatch` on literals, `isinstance` of a literal. Every branch here gives the requests
different ids; a guess at any of them would have explored a world where two ids are 2."""
import re

from vllm import LLM
from vllm.lora.request import LoRARequest

TAG = "release-v2"

llm = LLM(model="base", enable_lora=True)

first = 1 if re.search(r"v\d", TAG) else 2
second = 3 if isinstance(TAG, str) else 2
third = 4 if re.fullmatch(r"release-v2", TAG) and not re.match("v2", TAG) else 2
for lora_id, path in ((first, "/a"), (second, "/b"), (third, "/c"), (2, "/d")):
    request = LoRARequest(f"adapter{lora_id}", lora_id, path)
    llm.generate(["x"], lora_request=request)
