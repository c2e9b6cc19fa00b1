from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

JOBS = [
    ("sft", "/runs/sft/ep1"),
    ("sft", "/runs/sft/ep2"),
    ("rm", "/runs/rm/final"),
]


def lora_id_for(kind):
    match kind:
        case "sft":
            return 1
        case "rm":
            return 2
        case _:
            raise ValueError(kind)


def main():
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=2)
    sp = SamplingParams(max_tokens=32)
    for kind, path in JOBS:
        req = LoRARequest(f"{kind}:{path}", lora_id_for(kind), path)
        print(kind, path, llm.generate(["Hi"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
