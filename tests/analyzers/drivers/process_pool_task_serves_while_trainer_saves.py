# expect: Affected line=14 reason~="while a process the run started serves it"
"""A rollout loop submitted to a process pool builds its own engine and serves the live folder
under lora_int_id 1 again and again, while the trainer saves into that folder; the task's
result is taken only at the end, so its requests after a save are served the first weights."""
from concurrent.futures import ProcessPoolExecutor
from trainer import policy


def rollout_forever(n):
    from vllm import LLM
    from vllm.lora.request import LoRARequest
    llm = LLM(model="m", enable_lora=True)
    for _ in range(n):
        llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


if __name__ == "__main__":
    pool = ProcessPoolExecutor(1)
    future = pool.submit(rollout_forever, 1000)
    for step in range(100):
        policy.fit(None)
        policy.save_pretrained("/tmp/live")
    future.result()
