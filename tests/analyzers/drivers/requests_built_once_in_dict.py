# expect: Safe-distinct-id line=8 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""One request per task, built once (ids 1..3) and reused every round: an id always names the same
path, so a cache hit is the right adapter even at max_loras=1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

TASKS = {"math": "loras/math-v2", "code": "loras/code-v5", "chat": "loras/chat-v1"}
REQUESTS = {task: LoRARequest(task, i + 1, path) for i, (task, path) in enumerate(TASKS.items())}

llm = LLM(model="base", enable_lora=True, max_loras=1)
for round_ in range(3):
    for task in TASKS:
        llm.generate([f"{task} question"], SamplingParams(), lora_request=REQUESTS[task])
