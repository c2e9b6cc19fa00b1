# expect: Indeterminate line=17 reason~="lora_int_id lora_request_id" reason~="is only known at run time and may be 2"
"""A library's `load_lora`: a module counter numbers the requests, unless the caller passes an
id of its own, and the counter moves on either way. A caller's id may be the very number the
counter hands the next call."""
from vllm.lora.request import LoRARequest

LORA_REQUEST_ID = None


def load_lora(save_directory, lora_request_id=None):
    global LORA_REQUEST_ID
    if LORA_REQUEST_ID is None:
        LORA_REQUEST_ID = 1
    if lora_request_id is None:
        lora_request_id = LORA_REQUEST_ID
    LORA_REQUEST_ID += 1
    return LoRARequest(str(lora_request_id), lora_request_id, save_directory)
