import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_ID = 1


def eval_one(llm, path, prompts):
    req = LoRARequest("sweep", LORA_ID, path)
    try:
        return llm.generate(prompts, SamplingParams(max_tokens=64), lora_request=req)
    finally:
        llm.llm_engine.remove_lora(LORA_ID)


def main(paths):
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True)
    for p in paths:
        outs = eval_one(llm, p, ["Write a SQL query that counts rows."])
        print(p, outs[0].outputs[0].text)


if __name__ == "__main__":
    main(sys.argv[1:])
