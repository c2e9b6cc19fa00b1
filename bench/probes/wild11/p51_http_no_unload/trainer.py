"""RL trainer pushing each new policy checkpoint to a running vLLM server."""
import requests
from openai import OpenAI
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

URL = "http://localhost:8000"
client = OpenAI(base_url=f"{URL}/v1", api_key="x")


def main() -> None:
    policy = get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig(r=8))
    for step in range(50):
        ckpt = f"/ckpt/grpo/step-{step}"
        policy.save_pretrained(ckpt)
        requests.post(f"{URL}/v1/load_lora_adapter", json={"lora_name": "policy", "lora_path": ckpt})
        out = client.completions.create(model="policy", prompt="2+2=", max_tokens=4)
        print(step, out.choices[0].text)


if __name__ == "__main__":
    main()
