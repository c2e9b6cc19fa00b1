import logging

from .hijack import patch_tensor_lora_loading
from .request import DUMMY_LORA_PATH, POLICY_LORA_ID, POLICY_LORA_NAME, TensorLoRARequest

logger = logging.getLogger(__name__)


class LoRASyncWorkerExtension:
    """Mixed into every vLLM worker through ``worker_extension_cls``."""

    def init_sync(self):
        patch_tensor_lora_loading()
        return True

    def update_policy_lora(self, lora_tensors: dict, peft_config: dict, step: int) -> bool:
        # drop the resident copy first: add_lora on a resident id is a no-op
        if POLICY_LORA_ID in self.model_runner.list_loras():
            self.model_runner.remove_lora(POLICY_LORA_ID)
        request = TensorLoRARequest(
            lora_name=POLICY_LORA_NAME,
            lora_int_id=POLICY_LORA_ID,
            lora_path=DUMMY_LORA_PATH,
            peft_config=peft_config,
            lora_tensors=lora_tensors,
        )
        ok = self.model_runner.add_lora(request)
        logger.info("synced policy lora for step %d (%d tensors)", step, len(lora_tensors))
        return ok
