# expect: Affected line=18 reason~="the request for 'ck/200'" reason~="is served 'ck/100'"
"""The pool initializer builds one engine in the one worker, which serves every checkpoint under id 1."""
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
    with mp.get_context("spawn").Pool(processes=1, initializer=_init) as pool:
        print(pool.map(evaluate, CKPTS))


if __name__ == "__main__":
    main()
