# expect: Affected line=15 reason~="when on_step() is called again for another adapter, lora_int_id 1 is reused" reason~="library mode"
"""A hook built by a factory and handed to a trainer that is not in the repository. The factory
has no caller here, so it is analysed in library mode: the hook it returns is called as its
caller would, twice with unknown arguments. Each call serves id 1 for a new folder on the engine
the factory was given, which the hook keeps: the second folder is served the first one's weights.
This test once expected "no analysed run reached the request site", then Indeterminate ("an
engine its caller passes in"): the engine is passed to the factory once, not to each call."""
from vllm.lora.request import LoRARequest


def make_hook(llm):
    """Return the callback a trainer calls after every step."""

    def on_step(step, folder):
        request = LoRARequest("policy", 1, folder)
        llm.generate(["q"], lora_request=request)

    return on_step
