import os
import shutil
import tempfile

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SERVE_DIR = "/srv/lora/live"


def publish(model):
    tmp = tempfile.mkdtemp(dir=os.path.dirname(SERVE_DIR))
    model.save_pretrained(tmp)
    shutil.rmtree(SERVE_DIR, ignore_errors=True)
    os.replace(tmp, SERVE_DIR)


def loop(model, llm, rounds=3):
    req = LoRARequest("live", 1, SERVE_DIR)
    for r in range(rounds):
        model.train_one_round()
        publish(model)
        print(r, llm.generate(["x"], SamplingParams(max_tokens=8), lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    from mymodel import load
    loop(load(), LLM("meta-llama/Llama-3.2-1B", enable_lora=True))
