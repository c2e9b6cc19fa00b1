# expect: Safe-distinct-id line=35 reason~="5 distinct ids"
"""The same setter with room for 1000 ids: step + 1 is kept, one id per step."""
import os
from dataclasses import dataclass

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclass
class SyncConfig:
    model: str = "Qwen/Qwen2.5-0.5B-Instruct"
    max_adapter_id: int = 1000
    sync_dir: str = "sync"
    steps: int = 5


class PolicyServer:
    def __init__(self, cfg: SyncConfig):
        self.cfg = cfg
        self._lora_id = 1
        self.llm = LLM(cfg.model, enable_lora=True)

    @property
    def lora_id(self):
        return self._lora_id

    @lora_id.setter
    def lora_id(self, value):
        self._lora_id = max(1, min(value, self.cfg.max_adapter_id))

    def sync(self, step):
        self.lora_id = step + 1
        path = os.path.join(self.cfg.sync_dir, f"step_{step}")
        return LoRARequest(f"policy-{step}", self.lora_id, path)

    def rollout(self, req):
        return self.llm.generate(["rollout prompt"], SamplingParams(n=4), lora_request=req)


def main():
    cfg = SyncConfig()
    srv = PolicyServer(cfg)
    for step in range(cfg.steps):
        srv.rollout(srv.sync(step))


if __name__ == "__main__":
    main()
