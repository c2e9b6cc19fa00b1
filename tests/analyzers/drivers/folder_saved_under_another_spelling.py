# expect: Affected line=15 reason~="the server refuses to load adapter 'out/adapter' again"
"""The trainer saves into `Path(".") / "out" / "adapter"` and the client loads "out/adapter",
named by its folder, each step: one folder under two spellings, rewritten between the loads.
The spellings were taken for two folders, so the reload looked like a load of an unchanged
one (Safe-single-adapter)."""
from pathlib import Path

import requests
from transformers import AutoModelForCausalLM

model = AutoModelForCausalLM.from_pretrained("base")
for step in range(2):
    model.save_pretrained(Path(".") / "out" / "adapter")
    folder = "out/adapter"
    requests.post("http://localhost:8000/v1/load_lora_adapter", json={"lora_name": folder, "lora_path": folder})
