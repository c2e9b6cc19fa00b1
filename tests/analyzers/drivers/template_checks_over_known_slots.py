# expect: Affected line=39 reason~="is reused without invalidation"
"""Before serving, forty chat templates are built and each checks its own slots: a text slot may
not hold a placeholder. `filter(lambda s: isinstance(s, str), slots)` over literal slots keeps
the texts and drops the `{"bos_token"}` sets, and `re.search` on those texts finds nothing, so
no template raises. Left unknown, every check forks into a world that raises, more worlds than
the search makes, and no run would reach the serves, which reuse id 1 for each checkpoint."""
import re
import sys
from dataclasses import dataclass, field

from vllm import LLM
from vllm.lora.request import LoRARequest


@dataclass
class EmptyFormatter:
    slots: list = field(default_factory=list)

    def __post_init__(self):
        has_placeholder = False
        for slot in filter(lambda s: isinstance(s, str), self.slots):
            if re.search(r"\{\{[a-z_]+\}\}", slot):
                has_placeholder = True
        if has_placeholder:
            raise ValueError("an empty formatter takes no placeholder")


def build_templates():
    templates = {}
    for index in range(40):
        templates[f"template_{index}"] = EmptyFormatter(slots=[{"bos_token"}, "<s>", "[INST]"])
    return templates


def main():
    templates = build_templates()
    llm = LLM(model="base", enable_lora=True)
    for ckpt in sys.argv[1:]:
        llm.generate([str(len(templates))], lora_request=LoRARequest("ckpt", 1, ckpt))


main()
