# expect: Safe-distinct-id
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

TASKS = {"math": "loras/math-v2", "code": "loras/code-v5", "chat": "loras/chat-v1"}
REQUESTS = {task: LoRARequest(task, i + 1, path) for i, (task, path) in enumerate(TASKS.items())}

llm = LLM(model="base", enable_lora=True, max_loras=1)
for round_ in range(3):
    for task in TASKS:
        llm.generate([f"{task} question"], SamplingParams(), lora_request=REQUESTS[task])
