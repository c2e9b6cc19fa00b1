# expect: Safe-single-adapter line=18 reason~="one adapter per engine lifetime"
"""The thread saves snapshots elsewhere; the served folder is written once, before the engine starts."""
import threading
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "live_adapter"

def train_loop(model):
    for step in range(100):
        model.save_pretrained(f"snapshots/step-{step}")

def main(model):
    model.save_pretrained(OUT)
    threading.Thread(target=train_loop, args=(model,), daemon=True).start()
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for _ in range(30):
        llm.generate(["s"], SamplingParams(), lora_request=LoRARequest("live", 1, OUT))

if __name__ == "__main__":
    from peft import get_peft_model, LoraConfig
    from transformers import AutoModelForCausalLM
    main(get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig()))
