# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/a'"
"""`executor.submit(evaluate, folder)` on an executor from outside the repository runs the task
in this process, on the module's engine: two folders under lora_int_id 1 (Affected)."""
from vllm import LLM
from vllm.lora.request import LoRARequest

from job_lib import make_executor  # outside the repository

LLM_ENGINE = LLM(model="base", enable_lora=True)


def evaluate(folder):
    return LLM_ENGINE.generate(["q"], lora_request=LoRARequest("ckpt", 1, folder))


if __name__ == "__main__":
    executor = make_executor()
    futures = [executor.submit(evaluate, folder) for folder in ["ckpt/a", "ckpt/b"]]
    print([future.result() for future in futures])
