# expect: Indeterminate line=20 reason~="known only at run time"
"""A map kept under a public attribute of the caller's server: other code that holds the
server may write into it, so an id read back from it is unknown."""
from vllm.lora.request import LoRARequest


def lora_id_for(server, key):
    if not hasattr(server, "lora_ids"):
        server.lora_ids = {}
    if key in server.lora_ids:
        return server.lora_ids[key]
    lora_id = len(server.lora_ids) + 1
    server.lora_ids[key] = lora_id
    return lora_id


def generate_variants(server, prompts, keys):
    for key in keys:
        folder = f"compiled/{key}"
        request = LoRARequest(folder, lora_id_for(server, key), folder)
        server.generate(prompts, lora_request=request)
