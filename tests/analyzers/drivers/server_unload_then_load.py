# expect: Safe-distinct-id
"""Unload the old policy before loading the new one: the server then gives it a fresh id."""
import requests

BASE_URL = "http://localhost:8000"

for step in range(3):
    requests.post(f"{BASE_URL}/v1/unload_lora_adapter", json={"lora_name": "policy"})
    requests.post(f"{BASE_URL}/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": f"outputs/step_{step}"})
