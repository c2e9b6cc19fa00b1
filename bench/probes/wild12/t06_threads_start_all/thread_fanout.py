# why: all threads start before any join; they call generate on one LLM together, and ckpt-600 (id 1) can be batched with ckpt-200 (id 1)
import threading

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
RESULTS = {}


def evaluate(lid, path):
    out = llm.generate(["The meaning of life is"], SamplingParams(max_tokens=16),
                       lora_request=LoRARequest(f"slot{lid}", lid, path))
    RESULTS[path] = out[0].outputs[0].text


threads = []
for lid, step in [(1, 200), (2, 400), (1, 600)]:
    t = threading.Thread(target=evaluate, args=(lid, f"/runs/sft/checkpoint-{step}"))
    t.start()
    threads.append(t)
for t in threads:
    t.join()

print(RESULTS)
