# expect: Affected line=12 reason~="lora_int_id 2 is reused without invalidation" reason~="the request for 'e/y'"
"""A walk over a tree of adapter folders uses the depth as lora_int_id: the two children of the
root are both served under id 2, and the second is served the first one's weights. The walk
calls itself: a recursive call is followed (a few levels), not dropped with its requests."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM("m", enable_lora=True)


def walk(folder, depth=1):
    llm.generate(["p"], lora_request=LoRARequest(folder, depth, folder))
    if depth < 2:
        for child in ["x", "y"]:
            walk(folder + "/" + child, depth + 1)


walk("e")
