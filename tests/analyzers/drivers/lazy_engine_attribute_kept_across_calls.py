# expect: Affected line=20 reason~="lora_int_id 1 is reused" reason~="the request for path (call 2)"
"""The engine is built lazily by a factory outside the repository on the first call and kept
on the instance: the first call that makes it and every later call use the same engine, so
re-adding id 1 for a new checkpoint is served the first one."""
from vllm.lora.request import LoRARequest

from serving import build_engine


class Server:
    def __init__(self):
        self.engine = None

    def _engine(self):
        if self.engine is None:
            self.engine = build_engine()
        return self.engine

    def load(self, path):
        request = LoRARequest("live", 1, path)
        self._engine().add_lora(request)
