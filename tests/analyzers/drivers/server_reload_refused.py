# expect: Affected line=12 reason~="the server refuses to load adapter 'policy' again" reason~="HTTP 400"
"""RL loop against a running vLLM server: each new policy is pushed under the same adapter name,
which the server refuses (HTTP 400) while it keeps serving step 0."""
import requests
from openai import OpenAI

BASE_URL = "http://localhost:8000"
client = OpenAI(base_url=f"{BASE_URL}/v1", api_key="EMPTY")


def push_adapter(name: str, path: str) -> None:
    response = requests.post(f"{BASE_URL}/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path})
    print(response.status_code, response.text)


for step in range(3):
    checkpoint = f"outputs/policy/step_{step}"
    push_adapter("policy", checkpoint)
    client.completions.create(model="policy", prompt="2 + 2 =", max_tokens=4)
