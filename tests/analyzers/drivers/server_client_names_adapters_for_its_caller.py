# expect: Indeterminate line=11 reason~="the adapter name adapter_name (call 2) sent to /v1/load_lora_adapter" reason~="may be adapter_name"
"""A client helper that loads whatever adapter its caller names into vLLM's server. Two calls
that pass one name for two folders are refused the second time (HTTP 400) and keep serving the
first folder; two names are two adapters. Nothing in the repository says which, so the row
says so, as it does for a lora_int_id a caller passes (`counter_id_unless_the_caller_gives_one.py`).
"""
import requests


def hotswap_lora_adapter(adapter_name: str, adapter_path: str, port: int) -> bool:
    response = requests.post(
        f"http://localhost:{port}/v1/load_lora_adapter",
        json={"lora_name": adapter_name, "lora_path": adapter_path},
        timeout=30,
    )
    return response.status_code == 200
