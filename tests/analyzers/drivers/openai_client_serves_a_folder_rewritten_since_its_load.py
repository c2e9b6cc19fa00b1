# expect: Affected line=17 reason~="the server serves adapter 'policy' at openai_client_serves_a_folder_rewritten_since_its_load.py:17 as it loaded it at openai_client_serves_a_folder_rewritten_since_its_load.py:14, after its folder was rewritten"
"""An RL loop that loads its sync folder into vLLM's server once, then saves the policy into
that folder every step and samples through the openai client: the server keeps serving the
weights it read at the load."""
import requests
from openai import OpenAI

BASE = "http://localhost:8000"
SYNC = "/tmp/policy_sync"
client = OpenAI(base_url=f"{BASE}/v1", api_key="x")


def rl_loop(model, steps):
    requests.post(f"{BASE}/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": SYNC})
    for _ in range(steps):
        model.save_pretrained(SYNC)
        client.chat.completions.create(model="policy", messages=[{"role": "user", "content": "q"}])
        model.train_step()


if __name__ == "__main__":
    from mytrain import build

    rl_loop(build(), 10)
