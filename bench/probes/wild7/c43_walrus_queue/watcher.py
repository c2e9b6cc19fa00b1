import queue
import threading

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ckpt_queue: "queue.Queue[str | None]" = queue.Queue()


def producer():
    for step in (1000, 2000, 3000):
        ckpt_queue.put(f"/ckpt/live/step_{step}")
    ckpt_queue.put(None)


def consumer():
    llm = LLM("mistralai/Mistral-7B-v0.1", enable_lora=True)
    sp = SamplingParams(max_tokens=32)
    while (path := ckpt_queue.get()) is not None:
        out = llm.generate(["The weather is"], sp, lora_request=LoRARequest("live", 1, path))
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    threading.Thread(target=producer).start()
    consumer()
