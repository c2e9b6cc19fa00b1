# expect: Indeterminate line=9 reason~="registry[name]" reason~="library mode"
"""Library helper: it stores a request with lora_int_id 1 for every adapter in a registry the
caller passes in; whoever reads the registry and serves two of them on one engine is served
the first, which depends on code outside the file (Indeterminate, never No-realized-run)."""
from vllm.lora.request import LoRARequest


def register_adapter(registry, name, folder):
    registry[name] = LoRARequest(name, 1, folder)
