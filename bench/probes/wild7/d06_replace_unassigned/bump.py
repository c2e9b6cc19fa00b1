import dataclasses

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclasses.dataclass(frozen=True)
class Slot:
    lora_id: int
    path: str


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=16)
    slot = Slot(1, "/ck/iter0")
    for it in range(1, 4):
        out = llm.generate(["x"], sp, lora_request=LoRARequest(f"it{it}", slot.lora_id, slot.path))
        print(it, out[0].outputs[0].text)
        dataclasses.replace(slot, lora_id=slot.lora_id + 1)
        slot = Slot(slot.lora_id, f"/ck/iter{it}")


if __name__ == "__main__":
    main()
