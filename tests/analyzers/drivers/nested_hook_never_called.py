# expect: Indeterminate line=12 reason~="no analysed run reached the request site LoRARequest(...) at nested_hook_never_called.py:12 in make_hook.on_step()" reason~="nothing the analysis ran calls make_hook.on_step()"
"""A hook built by a factory and handed to a trainer that is not in the repository: no run of
the analysis calls it, but the file builds and serves requests, so it gets a row that says
exactly that instead of none."""
from vllm.lora.request import LoRARequest


def make_hook(llm):
    """Return the callback a trainer calls after every step."""

    def on_step(step, folder):
        request = LoRARequest("policy", 1, folder)
        llm.generate(["q"], lora_request=request)

    return on_step
