"""Task adapters registered by subclassing; each task gets its own slot."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class TaskAdapter:
    lora_id = 0
    path = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.lora_id = TaskAdapter.lora_id + 1

    @classmethod
    def request(cls) -> LoRARequest:
        return LoRARequest(cls.__name__, cls.lora_id, cls.path)


class MathAdapter(TaskAdapter):
    path = "/adapters/math"


class CodeAdapter(TaskAdapter):
    path = "/adapters/code"


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=2)
    for task in (MathAdapter, CodeAdapter):
        print(task.__name__, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=task.request()))
