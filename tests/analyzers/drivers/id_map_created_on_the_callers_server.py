# expect: Safe-distinct-id line=26 reason~="distinct ids"
"""A counter and a content -> id map created on the server the caller passes in, as an
amplification dashboard does (`if not hasattr(server, "_ids"): server._ids = {}`). Only this
code creates them, so on a server it has not seen they are missing; a server it has seen holds
what it put there, and nothing else writes into a private map. A config keeps its id and a new
one gets the next."""
from vllm.lora.request import LoRARequest


def lora_id_for(server, config_key):
    if not hasattr(server, "_lora_id_counter"):
        server._lora_id_counter = 1
    if not hasattr(server, "_key_to_lora_id"):
        server._key_to_lora_id = {}
    if config_key in server._key_to_lora_id:
        return server._key_to_lora_id[config_key]
    lora_id = server._lora_id_counter
    server._lora_id_counter += 1
    server._key_to_lora_id[config_key] = lora_id
    return lora_id


def generate_variants(server, prompts, configs):
    for config in configs:
        folder = f"compiled/{config.key}"
        request = LoRARequest(folder, lora_id_for(server, config.key), folder)
        server.generate(prompts, lora_request=request)
