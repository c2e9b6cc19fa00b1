# expect: Safe-distinct-id line=16 reason~="every lora_int_id maps to one adapter"
"""A callback handed to a framework gives every adapter it serves a new id from a counter in
its closure (`nonlocal`), so no id ever meets a second folder, however often it is called."""
from vllm import LLM
from vllm.lora.request import LoRARequest

from framework_lib import on_new_adapter  # outside the repository


def install(llm):
    next_id = 0

    def serve(folder):
        nonlocal next_id
        next_id += 1
        llm.generate(["q"], lora_request=LoRARequest(f"a{next_id}", next_id, folder))

    on_new_adapter(serve)


if __name__ == "__main__":
    install(LLM(model="base", enable_lora=True))
