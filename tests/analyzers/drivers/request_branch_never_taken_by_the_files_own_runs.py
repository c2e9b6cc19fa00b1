# expect: No-realized-run line=24 reason~="has LoRA off" reason~="no run of the file reaches the requests in gen()"
"""`chat()` calls `gen()` every turn, but with `LORA_PATH` empty its request branch is never
taken: library mode runs `gen()`, and the row says what no run reached (the requests in it,
not `gen()`); the module's engine is built with LoRA off, so vLLM refuses them (GLM-4 CLI)."""
import asyncio
import time
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

MODEL_PATH = "Qwen/Qwen2.5-0.5B"
LORA_PATH = ""

enable_lora = False
if LORA_PATH:
    enable_lora = True

engine = AsyncLLMEngine.from_engine_args(
    AsyncEngineArgs(model=MODEL_PATH, enable_lora=enable_lora))

async def gen(lora_path, enable_lora, prompt):
    sp = SamplingParams(max_tokens=32)
    if enable_lora:
        async for out in engine.generate(prompt, sp, f"{time.time()}",
                                         lora_request=LoRARequest("a", 1, lora_path=lora_path)):
            yield out.outputs[0].text
    else:
        async for out in engine.generate(prompt, sp, f"{time.time()}"):
            yield out.outputs[0].text

async def chat():
    while True:
        text = input("> ")
        if text == "quit":
            break
        async for o in gen(LORA_PATH, enable_lora, text):
            print(o)

if __name__ == "__main__":
    asyncio.run(chat())
