from vllm.lora.models import LoRAModel
from vllm.lora.peft_helper import PEFTHelper
from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager

from .request import TensorLoRARequest


def patch_tensor_lora_loading():
    """Let the worker build a LoRAModel from in-memory tensors (TensorLoRARequest)."""
    original = LRUCacheWorkerLoRAManager._load_adapter

    def _load_adapter(self, lora_request):
        if not isinstance(lora_request, TensorLoRARequest):
            return original(self, lora_request)
        peft_helper = PEFTHelper.from_dict(lora_request.peft_config)
        model = self._adapter_manager.model
        return LoRAModel.from_lora_tensors(
            lora_model_id=lora_request.lora_int_id,
            tensors=lora_request.lora_tensors,
            peft_helper=peft_helper,
            device="cpu",
            dtype=self.lora_config.lora_dtype,
            embedding_modules=self.embedding_modules,
            embedding_padding_modules=self.embedding_padding_modules,
            weights_mapper=getattr(model, "hf_to_vllm_mapper", None),
        )

    LRUCacheWorkerLoRAManager._load_adapter = _load_adapter
