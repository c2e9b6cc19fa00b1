"""Hot-swap the served adapter through the OpenAI client's raw post."""
import sys

import httpx
from openai import OpenAI

client = OpenAI(base_url="http://inference:8000/v1", api_key="x")

if __name__ == "__main__":
    for ckpt in sys.argv[1:]:
        client.post("/load_lora_adapter", body={"lora_name": "assistant", "lora_path": ckpt}, cast_to=httpx.Response)
        print(client.completions.create(model="assistant", prompt="hi", max_tokens=8).choices[0].text)
