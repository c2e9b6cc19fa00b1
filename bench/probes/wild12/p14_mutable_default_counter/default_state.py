# why: the mutable default dict is created once at def time and shared by all calls, so ids are 1, 2, 3
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def next_id(_state={"n": 0}):
    _state["n"] += 1
    return _state["n"]


def main():
    llm = LLM(model="Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True)
    for folder in ["/ckpt/e1", "/ckpt/e2", "/ckpt/e3"]:
        lid = next_id()
        out = llm.generate(["Say hi."], SamplingParams(max_tokens=4),
                           lora_request=LoRARequest(f"e{lid}", lid, folder))
        print(folder, out[0].outputs[0].text)


main()
