# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation" reason~="the request for 'ckpt/b'"
"""A serving framework's call chain is ten calls deep before the request is built: the
subclass's `_add_adapter()` defers to the base class with `super()`, nine frames down. The base
keys its pool by a name that is the same for every checkpoint, so 'ckpt/b' is served under
the id 'ckpt/a' was loaded with. A call that deep is still followed, because it names a site."""
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
            self._epoch("p", "policy", path)


RolloutEngine().train(["ckpt/a", "ckpt/b"])
