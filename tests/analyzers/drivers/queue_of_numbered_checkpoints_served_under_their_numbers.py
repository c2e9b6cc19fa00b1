# expect: Safe-distinct-id line=23 reason~="3 distinct ids"
"""The same queue carries each checkpoint with its own number, and the evaluator serves it
under that number: every id names one folder."""

import queue
import threading

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

checkpoints = queue.Queue()


def saver():
    for number, step in enumerate((1000, 2000, 3000), start=1):
        checkpoints.put((number, f"/ckpt/step-{step}"))
    checkpoints.put(None)


def evaluate(llm):
    while (item := checkpoints.get()) is not None:
        number, folder = item
        request = LoRARequest(f"step-{number}", number, folder)
        print(llm.generate(["q"], SamplingParams(), lora_request=request))


if __name__ == "__main__":
    threading.Thread(target=saver).start()
    evaluate(LLM(model="base", enable_lora=True))
