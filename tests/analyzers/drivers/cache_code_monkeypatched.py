# expect: Indeterminate line=17 reason~="vLLM's adapter cache is monkeypatched" reason~="LRUCacheWorkerLoRAManager.add_adapter replaced at"
"""The driver replaces vLLM's worker-side `add_adapter` with its own, so a repeated id may be
re-read from disk: what the two serves of id 1 return depends on the patched code, not on the
cache vLLM ships. With vLLM's own cache the second folder would be stale; here it cannot say."""
from vllm import LLM
from vllm.lora.request import LoRARequest
from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager


def _always_load(self, lora_request):
    return self._load_adapter(lora_request)


LRUCacheWorkerLoRAManager.add_adapter = _always_load
llm = LLM(model="base", enable_lora=True)
for folder in ["ckpt/a", "ckpt/b"]:
    llm.generate(["q"], lora_request=LoRARequest("ckpt", 1, folder))
