# expect: Safe-single-adapter line=14 reason~="lora_int_id 1 is reused for different adapters, but each one gets a new engine"
"""evaluate() builds a new engine through a factory for each checkpoint: every id meets an empty
cache."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def make_llm():
    return LLM(model="base", enable_lora=True)


def evaluate(ckpt: str) -> str:
    llm = make_llm()
    out = llm.generate(["x"], SamplingParams(), lora_request=LoRARequest("a", 1, ckpt))
    return out[0].outputs[0].text


if __name__ == "__main__":
    for ckpt in ["x/1", "x/2", "x/3"]:
        print(evaluate(ckpt))
