# expect: Affected vllm=0.14.0; Safe-by-eviction vllm=0.15.0; Affected
"""Version-dependent safety: load_inplace exists from vLLM 0.15; older releases fall back to a
plain request under the same id, which is served the first adapter."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def policy_request(path: str) -> LoRARequest:
    try:
        return LoRARequest("policy", 1, path, load_inplace=True)
    except TypeError:  # vLLM < 0.15
        return LoRARequest("policy", 1, path)


def main() -> None:
    llm = LLM(model="base", enable_lora=True)
    for step in range(4):
        llm.generate(["q"], SamplingParams(), lora_request=policy_request(f"ckpt/step-{step}"))


main()
