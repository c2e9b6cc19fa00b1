# expect: Safe-distinct-id line=10 reason~="every adapter name is unloaded before it is loaded again, so each load gets a fresh id"
"""Unload the old policy before loading the new one: the server forgets the name and gives the new
load a fresh id, so its folder is read."""
import requests

BASE_URL = "http://localhost:8000"

for step in range(3):
    requests.post(f"{BASE_URL}/v1/unload_lora_adapter", json={"lora_name": "policy"})
    requests.post(f"{BASE_URL}/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": f"outputs/step_{step}"})
