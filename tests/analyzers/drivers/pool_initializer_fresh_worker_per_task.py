# expect: Safe-fresh-process line=18 reason~="only in separate processes"
"""maxtasksperchild=1 with imap: each checkpoint gets a fresh worker, initialised with an empty cache."""
import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["ck/100", "ck/200", "ck/300"]
_LLM = None


def _init():
    global _LLM
    _LLM = LLM("meta-llama/Llama-3.2-1B", enable_lora=True)


def evaluate(ck):
    out = _LLM.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("ck", 1, ck))
    return out[0].outputs[0].text


def main():
    with mp.get_context("spawn").Pool(processes=2, initializer=_init, maxtasksperchild=1) as pool:
        print(list(pool.imap(evaluate, CKPTS)))


if __name__ == "__main__":
    main()
