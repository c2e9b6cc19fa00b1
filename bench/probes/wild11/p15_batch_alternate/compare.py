"""Compare three checkpoints on one prompt in a single batched call.

Two slots alternate, so with one GPU slot each id is evicted before it comes back.
"""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/a/final", "/ckpt/b/final", "/ckpt/c/final"]


def main() -> None:
    llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=1)
    sp = SamplingParams(max_tokens=32, temperature=0.0)
    reqs = [LoRARequest(f"slot{i % 2 + 1}-{i}", i % 2 + 1, p) for i, p in enumerate(CKPTS)]
    outs = llm.generate(["Summarise: the cat sat."] * len(CKPTS), sp, lora_request=reqs)
    for p, o in zip(CKPTS, outs):
        print(p, o.outputs[0].text)


if __name__ == "__main__":
    main()
