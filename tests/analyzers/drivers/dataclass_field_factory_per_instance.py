# expect: Safe-distinct-id line=21 reason~="every lora_int_id maps to one adapter"
"""`field(default_factory=...)` runs once per instance: each job takes the next id from the
counter, so the two jobs' folders have ids of their own."""
import itertools
from dataclasses import dataclass, field

from vllm import LLM
from vllm.lora.request import LoRARequest

_ids = itertools.count(1)


@dataclass
class Job:
    path: str
    lora_id: int = field(default_factory=lambda: next(_ids))


llm = LLM("m", enable_lora=True, max_loras=4)
for job in [Job("a"), Job("b")]:
    llm.generate(["q"], lora_request=LoRARequest("j", job.lora_id, job.path))
