# expect: Safe-distinct-id line=19 reason~="2 distinct ids"
"""A counter kept on the engine the caller passes in (`server._next_lora_id`), as an eval
dashboard does: `hasattr` sees what the first call set. A caller that passes the same engine
again gets the next id; one that passes another engine starts that engine's own count. Either
way no id names two folders on one engine."""
from vllm.lora.request import LoRARequest


def next_lora_id(server) -> int:
    if not hasattr(server, "_next_lora_id"):
        server._next_lora_id = 1
    lora_id = server._next_lora_id
    server._next_lora_id += 1
    return lora_id


def generate_with(server, prompts, folder):
    lora_id = next_lora_id(server)
    request = LoRARequest(f"adapter-{lora_id}", lora_id, folder)
    return server.generate(prompts, lora_request=request)
