# expect: Affected vllm=0.14.0 line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/step-0'" reason~="3 of 4 requests are stale"; Safe-by-eviction vllm=0.15.0 line=18 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (LoRARequest(load_inplace=True)" reason~="raises TypeError"; Affected line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/step-0'" reason~="3 of 4 requests are stale"
"""load_inplace exists from vLLM 0.15; older releases fall back (on TypeError) to a plain request
under the same id, which is served the first adapter."""
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
