# expect: Affected line=16 reason~="a memoised LoRARequest (lora_int_id 1) is reused" reason~="the request for '/ckpt/step-1' at memoised_request_setdefault_by_name.py:18 is served '/ckpt/step-0'"
"""Requests kept by name with `dict.setdefault`: the request built for a later checkpoint is
thrown away, and the one kept for the name (the first checkpoint's folder) is served under
lora_int_id 1 each time. The serve is in the function that built the kept request, in a later
call of it for another folder."""

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
requests = {}


def serve(name, path):
    request = requests.setdefault(
        name, LoRARequest(name, len(requests) + 1, path)
    )
    return llm.generate(["hi"], lora_request=request)


for step in range(3):
    serve("policy", f"/ckpt/step-{step}")
