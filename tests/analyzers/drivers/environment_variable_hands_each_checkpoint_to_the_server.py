# expect: Affected line=12 reason~="the request for 'ckpt/step-200' at environment_variable_hands_each_checkpoint_to_the_server.py:13 is served 'ckpt/step-100'"
"""A loop hands each checkpoint to a helper through the environment (`ADAPTER_PATH`), and the
helper builds its request from `os.environ` under one id. A read of a variable the run set
was a fixed unknown, the same at every read: one adapter, Safe-single-adapter."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def sample(llm):
    request = LoRARequest("policy", 1, os.environ["ADAPTER_PATH"])
    return llm.generate(["x"], SamplingParams(), lora_request=request)


def main():
    llm = LLM("base", enable_lora=True)
    for step in (100, 200):
        os.environ.update({"ADAPTER_PATH": f"ckpt/step-{step}"})
        sample(llm)


if __name__ == "__main__":
    main()
