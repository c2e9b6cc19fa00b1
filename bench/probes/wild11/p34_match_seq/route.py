"""Pick adapter ids from the checkpoint layout with structural matching."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN_IDS = {"a": 1, "b": 2}
CKPTS = ["runs/a/final", "runs/b/final", "runs/a/checkpoint-7"]


def lora_id(path: str) -> int:
    match path.split("/"):
        case [*_, run, "final"]:
            return RUN_IDS[run]
        case [_, run, _]:
            return RUN_IDS[run]
        case _:
            return 99


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=2)
    for p in CKPTS:
        req = LoRARequest(p, lora_id(p), p)
        print(p, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
