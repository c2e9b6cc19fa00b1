import requests

URL = "http://localhost:8000"


def register_adapter(step: int, path: str) -> str:
    """Each published checkpoint is loaded under its own served name."""
    name = f"sft-step{step}"
    resp = requests.post(f"{URL}/v1/load_lora_adapter",
                         json={"lora_name": name, "lora_path": path}, timeout=600)
    resp.raise_for_status()
    return name


def ask(model_name: str, question: str) -> str:
    resp = requests.post(f"{URL}/v1/chat/completions", timeout=600, json={
        "model": model_name,
        "messages": [{"role": "user", "content": question}],
        "max_tokens": 256,
    })
    resp.raise_for_status()
    return resp.json()["choices"][0]["message"]["content"]
