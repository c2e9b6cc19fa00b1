# expect: Safe-by-eviction vllm=0.15.0
"""An RL loop that re-reads the synced adapter folder in place every step (vLLM >= 0.15)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SYNC_DIR = "/tmp/policy-sync"


def train_step(model, batch):
    return model


def rollout_loop(model, batches) -> None:
    llm = LLM(model="base", enable_lora=True)
    for batch in batches:
        model = train_step(model, batch)
        model.save_pretrained(SYNC_DIR)
        request = LoRARequest("policy", 1, SYNC_DIR, load_inplace=True)
        llm.generate(batch, SamplingParams(), lora_request=request)
