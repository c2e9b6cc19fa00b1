# expect: Indeterminate line=15 reason~="on_step() serves lora_int_id 1 on an engine its caller passes in" reason~="library mode"
"""A hook built by a factory and handed to a trainer that is not in the repository. The factory
has no caller here, so it is analysed in library mode: the hook it returns is called as its
caller would, twice with unknown arguments. Each call serves id 1 for a new folder on an engine
the caller passes in; whether that is stale depends on whether the caller passes the same engine
twice (Indeterminate). This test once expected "no analysed run reached the request site": the
hook is now run, so the row says what it does instead."""
from vllm.lora.request import LoRARequest


def make_hook(llm):
    """Return the callback a trainer calls after every step."""

    def on_step(step, folder):
        request = LoRARequest("policy", 1, folder)
        llm.generate(["q"], lora_request=request)

    return on_step
