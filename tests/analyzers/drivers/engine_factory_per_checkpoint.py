# expect: Safe-single-adapter line=18 reason~="lora_int_id 1 is reused for different adapters, but each one gets a new engine"
"""A factory builds a new engine for every checkpoint of the sweep: id 1 is reused, but each engine
starts with an empty cache."""
from vllm import LLM, EngineArgs, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = ["runs/a/checkpoint-100", "runs/a/checkpoint-200", "runs/a/checkpoint-300"]


def make_engine(max_loras: int = 1) -> LLM:
    engine_args = EngineArgs(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=max_loras)
    return LLM(**vars(engine_args))


def run_sweep() -> None:
    for step, checkpoint in enumerate(CHECKPOINTS):
        llm = make_engine()
        llm.generate("Summarise:", SamplingParams(temperature=0), lora_request=LoRARequest(f"step{step}", 1, checkpoint))


run_sweep()
