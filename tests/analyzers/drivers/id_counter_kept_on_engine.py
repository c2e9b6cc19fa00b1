# expect: Safe-distinct-id line=11 reason~="3 distinct ids"
"""The next free id is kept on the engine object itself (`llm.next_lora_id`), set once and
incremented per adapter, so every folder gets its own id (Safe-distinct-id)."""
from vllm import LLM
from vllm.lora.request import LoRARequest


def serve(llm, folder):
    if not hasattr(llm, "next_lora_id"):
        llm.next_lora_id = 1
    request = LoRARequest(folder, llm.next_lora_id, folder)
    llm.next_lora_id += 1
    llm.generate(["q"], lora_request=request)


if __name__ == "__main__":
    engine = LLM(model="base", enable_lora=True)
    for folder in ["ckpt/a", "ckpt/b", "ckpt/c"]:
        serve(engine, folder)
