from vllm.lora.request import LoRARequest

from .base import BaseLoRAServer


class CheckpointServer(BaseLoRAServer):
    """Serves many checkpoints from one engine: one int id per folder."""

    def __init__(self, model: str, **kw):
        super().__init__(model, **kw)
        self._ids: dict[str, int] = {}

    def _request(self, path: str) -> LoRARequest:
        lora_id = self._ids.setdefault(path, len(self._ids) + 1)
        return LoRARequest(f"ckpt-{lora_id}", lora_id, path)

    def sweep(self, ckpts, prompts):
        return {ck: self.generate(prompts, ck) for ck in ckpts}
