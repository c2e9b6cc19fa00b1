# why: make_counter() is called per folder, so each fresh nonlocal counter returns 1: three folders under id 1, no eviction in between
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def make_counter(start=0):
    n = start

    def nxt():
        nonlocal n
        n += 1
        return n
    return nxt


def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True)
    for folder in ["/ckpt/e1", "/ckpt/e2", "/ckpt/e3"]:
        next_id = make_counter()
        lid = next_id()
        out = llm.generate(["Say hi."], SamplingParams(max_tokens=4),
                           lora_request=LoRARequest(f"e{lid}", lid, folder))
        print(folder, out[0].outputs[0].text)


main()
