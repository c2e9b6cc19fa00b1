# expect: Affected line=8 reason~="the server refuses to load adapter 'policy' again"
"""The openai client posts the load route with `body=`, not `json=`: the same name with a new
folder each step is refused, and the first folder stays served."""
import openai

client = openai.OpenAI(base_url="http://localhost:8000/v1", api_key="x")
for step in range(3):
    client.post("/load_lora_adapter", body={"lora_name": "policy", "lora_path": f"/ckpt/step{step}"}, cast_to=object)
