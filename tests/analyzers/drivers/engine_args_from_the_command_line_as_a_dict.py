# expect: Indeterminate line=17 reason~="depends on the cache size (max_loras / max_cpu_loras) of the engine at engine_args_from_the_command_line_as_a_dict.py:15"
"""`LLM(**asdict(EngineArgs.from_cli_args(args)))`: the command line may set the cache size,
so the rotation of two ids over four checkpoints may or may not be evicted in time."""
import argparse
import dataclasses
from vllm import LLM, EngineArgs, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["ck/a", "ck/b", "ck/c", "ck/d"]

if __name__ == "__main__":
    parser = EngineArgs.add_cli_args(argparse.ArgumentParser())
    args = parser.parse_args()
    engine_args = EngineArgs.from_cli_args(args)
    llm = LLM(**dataclasses.asdict(engine_args))
    for i, c in enumerate(CKPTS):
        llm.generate(["hi"], SamplingParams(max_tokens=8), lora_request=LoRARequest(c, i % 2 + 1, c))
