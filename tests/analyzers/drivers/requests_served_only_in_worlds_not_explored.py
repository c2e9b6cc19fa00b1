# expect: Indeterminate line=21 reason~="no analysed run asked an engine to serve them, but not every combination"
"""The shape of xinference's vLLM model: requests are built per configured adapter in `load()`
and `async_generate(name)` serves the one whose name matches. Which world serves one takes
more answers (the constructor's arguments, the name compared with each adapter's) than the
search reaches; no analysed run happened to serve them, which says nothing about the others:
not No-realized-run (that needs evidence, such as a mock), but what was left unexplored."""
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine
from vllm.lora.request import LoRARequest


class Model:
    def __init__(self, model_path, peft_model=None):
        self.model_path = model_path
        self.lora_modules = peft_model
        self.lora_requests = []
        self._engine = None

    def load(self):
        self.lora_requests = [
            LoRARequest(lora_name=m.lora_name, lora_int_id=i, lora_path=m.local_path)
            for i, m in enumerate(self.lora_modules or [], start=1)
        ]
        args = AsyncEngineArgs(
            model=self.model_path,
            enable_lora=len(self.lora_requests) > 0,
            max_loras=max(1, len(self.lora_requests)),
        )
        self._engine = AsyncLLMEngine.from_engine_args(args)

    async def async_generate(self, prompt, sampling_params, request_id, lora_name=None):
        lora_request = None
        if lora_name is not None:
            for lora in self.lora_requests:
                if lora_name == lora.lora_name:
                    lora_request = lora
        async for out in self._engine.generate(
            prompt, sampling_params, request_id, lora_request=lora_request
        ):
            yield out
