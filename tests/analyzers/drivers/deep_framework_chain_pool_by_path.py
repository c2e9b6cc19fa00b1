# expect: Safe-distinct-id line=17 reason~="2 distinct ids"
"""The same ten-deep framework chain, but the pool is keyed by the checkpoint's path: each
checkpoint gets its own id. Only following the chain down to the base `_add_adapter()` shows
it; analysed as a library from that method alone, the name seemed free to repeat."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class BaseEngine:
    def __init__(self):
        self.engine = LLM("m", enable_lora=True)
        self.pool = {}

    def _add_adapter(self, name, path):
        if name not in self.pool:
            self.pool[name] = len(self.pool) + 1
        return LoRARequest(name, self.pool[name], path)

    def _add_request(self, prompt, name, path):
        return self.engine.generate([prompt], lora_request=self._add_adapter(name, path))

    def _infer_one(self, prompt, name, path):
        return self._add_request(prompt, name, path)

    def _infer_full(self, prompt, name, path):
        return self._infer_one(prompt, name, path)

    def infer(self, prompt, name, path):
        return self._infer_full(prompt, name, path)


class RolloutEngine(BaseEngine):
    def _add_adapter(self, name, path):
        return super()._add_adapter(name, path)

    def _batch(self, prompt, name, path):
        return self.infer(prompt, name, path)

    def _rollout(self, prompt, name, path):
        return self._batch(prompt, name, path)

    def _step(self, prompt, name, path):
        return self._rollout(prompt, name, path)

    def _epoch(self, prompt, name, path):
        return self._step(prompt, name, path)

    def train(self, checkpoints):
        for path in checkpoints:
            self._epoch("p", path, path)


RolloutEngine().train(["ckpt/a", "ckpt/b"])
