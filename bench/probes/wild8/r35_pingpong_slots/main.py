from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM

from async_rl.loop import run

BASE = "Qwen/Qwen2.5-0.5B"

if __name__ == "__main__":
    run(get_peft_model(AutoModelForCausalLM.from_pretrained(BASE), LoraConfig(r=8)), BASE)
