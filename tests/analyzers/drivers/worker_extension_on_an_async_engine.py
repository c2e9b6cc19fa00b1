# expect: Safe-by-eviction line=24 reason~="remove_lora at worker_extension_on_an_async_engine.py:14"
"""The worker-extension sync on an async engine: `await collective_rpc(...)` runs the method in
the worker, where `self.model_runner.remove_lora(1)` is an ordinary synchronous call (not a
coroutine dropped unawaited), so each step evicts the last policy before adding the new one."""
from vllm import AsyncEngineArgs, AsyncLLMEngine
from vllm.lora.request import LoRARequest

EXTENSION = "worker_extension_on_an_async_engine.PolicySync"


class PolicySync:
    def load_policy(self, tensors, config):
        request = LoRARequest("policy", 1, "in_memory", lora_tensors=tensors, peft_config=config)
        self.model_runner.remove_lora(1)
        self.model_runner.add_lora(request)


async def train(steps):
    args = AsyncEngineArgs(model="base-model", enable_lora=True, worker_extension_cls=EXTENSION)
    llm = AsyncLLMEngine.from_engine_args(args)
    for step in range(steps):
        await llm.collective_rpc("load_policy", args=({"lora_B": step}, {"r": 8}))
        request = LoRARequest("policy", 1, "in_memory")
        async for _ in llm.generate("q", None, "r", lora_request=request):
            pass


if __name__ == "__main__":
    import asyncio
    asyncio.run(train(3))
