# expect: Indeterminate line=15 reason~="reuses lora_int_id 1, and it is stale only if a save into an unknown folder"
"""The trainer saves somewhere the analysis cannot see between two requests of one folder under id 1:
stale only if that save overwrites the adapter, which cannot be known."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER_DIR = "outputs/adapter"


def loop(trainer, steps: int = 3) -> None:
    llm = LLM(model="base", enable_lora=True)
    for _ in range(steps):
        trainer.train()
        trainer.save_model()
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("policy", 1, ADAPTER_DIR))
