# expect: Affected line=14 reason~="may be rewritten at process_serves_while_trainer_saves.py:23 while a process the run started serves it"
"""A rollout process with its own engine serves the live folder under lora_int_id 1 in a loop,
while the trainer in the parent process saves the policy into that folder after each batch:
the child's requests after a save are served the weights its engine cached at the first."""
import multiprocessing as mp
from trainer import policy
from vllm.lora.request import LoRARequest


def rollout_worker(buffer):
    from vllm import LLM
    llm = LLM(model="m", enable_lora=True)
    while True:
        buffer.put(llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live")))


if __name__ == "__main__":
    buffer = mp.Queue()
    mp.Process(target=rollout_worker, args=(buffer,), daemon=True).start()
    for step in range(100):
        batch = buffer.get()
        policy.fit(batch)
        policy.save_pretrained("/tmp/live")
