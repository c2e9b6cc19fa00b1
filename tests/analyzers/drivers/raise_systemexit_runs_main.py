# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation" reason~="'ckpt/b'"
"""`raise SystemExit(main())` evaluates `main()` before raising, so main's two checkpoints are
served under lora_int_id 1 on one engine: the second is answered by the first (Affected)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def serve(llm, path):
    return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("a", 1, path))


def main():
    llm = LLM(model="base", enable_lora=True)
    serve(llm, "ckpt/a")
    serve(llm, "ckpt/b")
    return 0


if __name__ == "__main__":
    raise SystemExit(main()) from None
    sys.exit(1)
