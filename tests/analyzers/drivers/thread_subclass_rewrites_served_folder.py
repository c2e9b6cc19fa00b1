# expect: Affected line=28 reason~="may be rewritten by a thread the run started"
"""A Thread subclass run() saves into the served folder beside the serving loop."""
import threading
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUT = "live_adapter"


class BackgroundTrainer(threading.Thread):
    def __init__(self, model, out_dir):
        super().__init__(daemon=True)
        self.model, self.out_dir = model, out_dir

    def run(self):
        for step in range(1000):
            if step % 10 == 0:
                self.model.save_pretrained(self.out_dir)


def main(model):
    model.save_pretrained(OUT)
    BackgroundTrainer(model, OUT).start()
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for _ in range(30):
        llm.generate(["status?"], SamplingParams(), lora_request=LoRARequest("live", 1, OUT))
        time.sleep(5)


if __name__ == "__main__":
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    main(get_peft_model(AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B"), LoraConfig()))
