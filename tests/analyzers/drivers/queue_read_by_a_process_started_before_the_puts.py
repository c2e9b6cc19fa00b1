# expect: Indeterminate line=15 reason~="holds other weights than the ones loaded first"
"""The worker process starts before the parent puts the folders into the queue: what it takes
depends on when the parent's puts come, so each folder it serves is only known at run time."""

import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def worker(folders):
    llm = LLM(model="base", enable_lora=True)
    while (folder := folders.get()) is not None:
        request = LoRARequest("adapter", 1, folder)
        print(llm.generate(["q"], SamplingParams(), lora_request=request))


if __name__ == "__main__":
    folders = mp.Queue()
    process = mp.Process(target=worker, args=(folders,))
    process.start()
    for step in (100, 200, 300):
        folders.put(f"/ckpt/step-{step}")
    folders.put(None)
    process.join()
