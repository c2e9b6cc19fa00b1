# expect: Affected line=23 reason~="the request for '/ckpt/step-2000' at queue_of_checkpoints_served_under_one_id.py:23 is served '/ckpt/step-1000'"
"""A saver thread puts each new checkpoint's folder into a queue and the evaluator takes them
in turn until the sentinel, serving each as lora_int_id 1: from the second one on, vLLM serves
the first checkpoint's weights."""

import queue
import threading

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

checkpoints = queue.Queue()


def saver():
    for step in (1000, 2000, 3000):
        checkpoints.put(f"/ckpt/step-{step}")
    checkpoints.put(None)


def evaluate(llm):
    while (folder := checkpoints.get()) is not None:
        print(llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("eval", 1, folder)))


if __name__ == "__main__":
    threading.Thread(target=saver).start()
    evaluate(LLM(model="base", enable_lora=True))
