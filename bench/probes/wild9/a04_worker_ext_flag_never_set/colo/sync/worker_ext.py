import logging

import torch

from .constants import LORA_ID, PLACEHOLDER_PATH
from .requests import InMemoryLoRARequest

log = logging.getLogger("colo.sync")


class PolicySyncExtension:
    """Worker-side half of the weight sync (loaded by vLLM via worker_extension_cls)."""

    def _state(self):
        if not hasattr(self, "_sync_state"):
            self._sync_state = {"loaded": False, "version": -1}
        return self._sync_state

    def sync_lora(self, named_tensors, peft_config, version):
        state = self._state()
        tensors = {name: t.to(torch.float16) for name, t in named_tensors}
        if state["loaded"]:
            # a resident id is never re-read, so drop the previous policy first
            self.model_runner.remove_lora(LORA_ID)
        req = InMemoryLoRARequest(
            lora_name=f"policy@{version}",
            lora_int_id=LORA_ID,
            lora_path=PLACEHOLDER_PATH,
            peft_config=peft_config,
            lora_tensors=tensors,
        )
        self.model_runner.add_lora(req)
        state["version"] = version
        log.info("policy lora v%d installed on rank %s", version, getattr(self, "rank", "?"))
        return state["version"]

    def lora_version(self):
        return self._state()["version"]
