"""Rollout worker assembled from mixins: id policy + tracing."""
import logging
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

log = logging.getLogger(__name__)


class IdPolicy:
    def next_id(self) -> int:
        self._n = getattr(self, "_n", 0) + 1
        return self._n


class PinnedId(IdPolicy):
    def next_id(self) -> int:
        return 1


class Tracing(IdPolicy):
    def next_id(self) -> int:
        lora_id = super().next_id()
        log.info("using lora id %d", lora_id)
        return lora_id


class RolloutWorker(Tracing, PinnedId):
    def __init__(self, llm: LLM) -> None:
        self.llm = llm

    def rollout(self, path: str):
        lora_id = self.next_id()
        req = LoRARequest(f"policy-{lora_id}", lora_id, path)
        return self.llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req)


if __name__ == "__main__":
    worker = RolloutWorker(LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True))
    for ckpt in sys.argv[1:]:
        print(worker.rollout(ckpt))
