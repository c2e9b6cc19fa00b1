# expect: Safe-distinct-id line=13 reason~="every adapter is loaded under its own name"
"""A client that names each adapter by its folder (`lora_name` and `lora_path` both the model
id): a caller that loads one name twice loads one folder twice, and the server's refusal of
the second load keeps the same weights. The unknown names were taken to clash as names of
different folders: Indeterminate."""
import requests

URL = "http://localhost:8000"


def load_model(model_id):
    payload = {"lora_name": model_id, "lora_path": model_id}
    response = requests.post(f"{URL}/v1/load_lora_adapter", json=payload)
    if response.status_code == 400 and "already been loaded" in response.text:
        return None
    response.raise_for_status()
    return model_id
