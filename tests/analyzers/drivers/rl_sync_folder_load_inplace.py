# expect: Safe-by-eviction vllm=0.15.0 line=20 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (LoRARequest(load_inplace=True)" reason~="raises TypeError"
"""An RL loop overwrites one sync folder and re-reads it in place every step: on vLLM >= 0.15
`load_inplace=True` makes the worker reload the id, so the new weights are served."""
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
