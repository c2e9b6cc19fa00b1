# expect: Indeterminate line=15 reason~="is served the first one"
"""An id created on the caller's server the first time and never advanced: taking the
attribute to be missing until the code creates it still finds that a caller passing the same
server for a second folder is served the first one's weights."""
from vllm.lora.request import LoRARequest


def lora_id_for(server):
    if not hasattr(server, "_lora_id"):
        server._lora_id = 1
    return server._lora_id


def generate_with(server, prompts, folder):
    request = LoRARequest(folder, lora_id_for(server), folder)
    return server.generate(prompts, lora_request=request)
