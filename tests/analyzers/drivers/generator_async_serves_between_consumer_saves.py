# expect: Affected line=18 reason~="'/tmp/live' is rewritten"
"""An async rollout generator serves the live folder under lora_int_id 1 for each item; the
`async for` over it saves the policy into that folder after each item, so the saves come
between the serves, and vLLM keeps serving the first weights."""
import asyncio
from trainer import policy
from vllm import SamplingParams
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.lora.request import LoRARequest
from vllm.v1.engine.async_llm import AsyncLLM

engine = AsyncLLM.from_engine_args(AsyncEngineArgs(model="m", enable_lora=True))


async def rollouts(n):
    for i in range(n):
        out = None
        async for out in engine.generate("hi", SamplingParams(), request_id=str(i), lora_request=LoRARequest("live", 1, "/tmp/live")):
            pass
        yield out


async def main():
    async for out in rollouts(5):
        policy.fit(out)
        policy.save_pretrained("/tmp/live")


asyncio.run(main())
