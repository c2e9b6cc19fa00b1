"""Adapter registry keyed by checkpoint handles (one id per run)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Ckpt:
    def __init__(self, run: str, path: str) -> None:
        self.run = run
        self.path = path

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ckpt) and self.run == other.run

    def __hash__(self) -> int:
        return hash(self.run)


CKPTS = [Ckpt("sft", "/ckpt/sft/step-100"), Ckpt("sft", "/ckpt/sft/step-200")]


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    ids: dict[Ckpt, int] = {}
    for ck in CKPTS:
        lora_id = ids.setdefault(ck, len(ids) + 1)
        req = LoRARequest(f"{ck.run}-{lora_id}", lora_id, ck.path)
        print(ck.path, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
