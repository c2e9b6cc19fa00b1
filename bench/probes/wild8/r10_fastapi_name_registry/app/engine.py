from vllm import AsyncEngineArgs, AsyncLLMEngine

_engine = None


def get_engine() -> AsyncLLMEngine:
    global _engine
    if _engine is None:
        args = AsyncEngineArgs(model="meta-llama/Llama-3.1-8B-Instruct",
                               enable_lora=True, max_loras=8, max_lora_rank=64)
        _engine = AsyncLLMEngine.from_engine_args(args)
    return _engine
