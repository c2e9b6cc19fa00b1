# why: the nonlocal counter is made once and shared, so ids are 1, 2, 3
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
    next_id = make_counter()
    for folder in ["/ckpt/e1", "/ckpt/e2", "/ckpt/e3"]:
        lid = next_id()
        out = llm.generate(["Say hi."], SamplingParams(max_tokens=4),
                           lora_request=LoRARequest(f"e{lid}", lid, folder))
        print(folder, out[0].outputs[0].text)


main()
