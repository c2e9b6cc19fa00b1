from vllm import AsyncEngineArgs, AsyncLLMEngine


def build_engine(model: str = "meta-llama/Llama-3.2-3B-Instruct") -> AsyncLLMEngine:
    args = AsyncEngineArgs(model=model, enable_lora=True, max_loras=4,
                           max_lora_rank=32, gpu_memory_utilization=0.85)
    return AsyncLLMEngine.from_engine_args(args)
