# expect: Safe-fresh-process line=15 reason~="only in separate processes"
"""Each round saves the policy into one folder and starts a process that builds its own
engine and serves that folder once: no engine serves it twice, whatever the parent writes
after the process started."""

import multiprocessing as mp

from trainer import policy


def evaluate(folder):
    from vllm import LLM
    from vllm.lora.request import LoRARequest

    LLM(model="m", enable_lora=True).generate(["hi"], lora_request=LoRARequest("p", 1, folder))


if __name__ == "__main__":
    for round_ in range(3):
        policy.fit(None)
        policy.save_pretrained("/tmp/live")
        mp.Process(target=evaluate, args=("/tmp/live",)).start()
