"""vLLM backend, modelled on lm_eval.models.vllm_causallms.VLLM."""

from __future__ import annotations

import logging
from typing import Optional

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

log = logging.getLogger(__name__)

# Building an LLM takes ~90 s for a 7B model (weights + CUDA graphs). When the same
# process evaluates several fine-tuned checkpoints of one base model we keep the
# engine around and only swap the LoRA adapter.
_ENGINE_CACHE: dict[str, LLM] = {}


def _get_engine(pretrained: str, **engine_kwargs) -> LLM:
    llm = _ENGINE_CACHE.get(pretrained)
    if llm is None:
        log.info("building vLLM engine for %s", pretrained)
        llm = LLM(model=pretrained, **engine_kwargs)
        _ENGINE_CACHE[pretrained] = llm
    else:
        log.info("reusing cached vLLM engine for %s", pretrained)
    return llm


class VLLMCausalLM:
    def __init__(
        self,
        pretrained: str,
        dtype: str = "auto",
        tensor_parallel_size: int = 1,
        gpu_memory_utilization: float = 0.9,
        max_model_len: Optional[int] = None,
        lora_local_path: Optional[str] = None,
        max_lora_rank: int = 16,
        seed: int = 1234,
    ) -> None:
        engine_kwargs = dict(
            dtype=dtype,
            tensor_parallel_size=tensor_parallel_size,
            gpu_memory_utilization=gpu_memory_utilization,
            max_model_len=max_model_len,
            seed=seed,
        )
        if lora_local_path is not None:
            engine_kwargs.update(enable_lora=True, max_lora_rank=max_lora_rank)
        self.model = _get_engine(pretrained, **engine_kwargs)
        self.tokenizer = self.model.get_tokenizer()
        if lora_local_path is not None:
            self.lora_request = LoRARequest("finetuned", 1, lora_local_path)
        else:
            self.lora_request = None

    def generate_until(self, requests: list[tuple[str, dict]]) -> list[str]:
        out = []
        for context, gen_kwargs in requests:
            sp = SamplingParams(
                temperature=gen_kwargs.get("temperature", 0.0),
                max_tokens=gen_kwargs.get("max_gen_toks", 256),
                stop=gen_kwargs.get("until", None),
            )
            res = self.model.generate([context], sp, lora_request=self.lora_request,
                                      use_tqdm=False)
            out.append(res[0].outputs[0].text)
        return out
