# expect: Affected line=18 reason~="may be rewritten by a thread the run started"
"""The training thread saves into the served folder while the main loop keeps serving id 1 from its first load."""
import threading
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "live_adapter"

def train_loop(model):
    for step in range(100):
        model.save_pretrained(OUT)

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
