"""Batch chat with a per-conversation adapter list."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = ["/adapters/math-v1", "/adapters/code-v1", "/adapters/math-v2", "/adapters/code-v2"]


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-7B-Instruct", enable_lora=True)
    convs = [[{"role": "user", "content": "Explain recursion."}] for _ in ADAPTERS]
    reqs = []
    for i, path in enumerate(ADAPTERS):
        slot = 1 if "math" in path else 2
        reqs.append(LoRARequest(f"{slot}-{i}", slot, path))
    outs = llm.chat(convs, SamplingParams(max_tokens=64), lora_request=reqs)
    for p, o in zip(ADAPTERS, outs):
        print(p, o.outputs[0].text)


if __name__ == "__main__":
    main()
