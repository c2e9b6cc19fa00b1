# expect: Indeterminate line=23 reason~="`TABLE[name]`, which the analysis cannot follow"
"""A table of more than eight adapters looked up by a name from the command line: which entry
a name is stays one unknown answer, not a world per key, so the serve is not followed (with
eight keys or fewer, each key is a world of its own)."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
TABLE = {
    "a": LoRARequest("a", 1, "/a"),
    "b": LoRARequest("b", 1, "/b"),
    "c": LoRARequest("c", 1, "/c"),
    "d": LoRARequest("d", 1, "/d"),
    "e": LoRARequest("e", 1, "/e"),
    "f": LoRARequest("f", 1, "/f"),
    "g": LoRARequest("g", 1, "/g"),
    "h": LoRARequest("h", 1, "/h"),
    "i": LoRARequest("i", 1, "/i"),
}
for name in sys.argv[1:]:
    llm.generate(["q"], lora_request=TABLE[name])
