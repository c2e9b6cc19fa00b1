# expect: Indeterminate line=8 reason~="no analysed run reached"
"""A remote client that only unloads adapters from a vLLM server and never loads one itself:
its run serves nothing, which must not crash the server replay. The file names the load route
(it builds the URL), so it still gets a row, and the row says no run reached that site."""
import requests

BASE = "http://localhost:8000/v1"
LOAD_URL = f"{BASE}/load_lora_adapter"


def drop(name):
    requests.post(f"{BASE}/unload_lora_adapter", json={"lora_name": name})


drop("policy")
