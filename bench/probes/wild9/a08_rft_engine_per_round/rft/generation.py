import gc
from dataclasses import asdict

import torch
from vllm import LLM, SamplingParams
from vllm.distributed.parallel_state import destroy_distributed_environment, destroy_model_parallel
from vllm.lora.request import LoRARequest

from .config import GenConfig


def _teardown(llm):
    del llm
    destroy_model_parallel()
    destroy_distributed_environment()
    gc.collect()
    torch.cuda.empty_cache()


def generate_round(base_model: str, adapter_dir, prompts, n: int, gen: GenConfig):
    """Fresh engine per round: the trainer needs the whole GPU back afterwards."""
    llm = LLM(model=base_model, enable_lora=adapter_dir is not None, **asdict(gen))
    params = SamplingParams(n=n, temperature=1.0, max_tokens=512)
    lora = LoRARequest("rft_round", 1, adapter_dir) if adapter_dir is not None else None
    try:
        outs = llm.generate(prompts, params, lora_request=lora)
        return [[c.text for c in o.outputs] for o in outs]
    finally:
        _teardown(llm)
