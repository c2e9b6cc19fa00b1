# expect: Indeterminate line=12 reason~="the adapter name folder (call 2) sent to /v1/load_lora_adapter"
"""Named by its folder, but the folder is written before each load: a second load of one name
is new weights the server refuses, so one name being one folder proves nothing."""
import requests

URL = "http://localhost:8000"


def push(model, folder):
    model.save_pretrained(folder)
    payload = {"lora_name": folder, "lora_path": folder}
    requests.post(f"{URL}/v1/load_lora_adapter", json=payload)
