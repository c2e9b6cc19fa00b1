# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served args.checkpoints[0]" reason~="2 of 3 requests are stale"
"""Evaluate the checkpoints given on the command line through one engine under id 1: the second is
served the first."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="meta-llama/Llama-3.1-8B")
    parser.add_argument("--checkpoints", nargs="+", required=True)
    args = parser.parse_args()
    llm = LLM(model=args.base, enable_lora=True, max_lora_rank=64)
    params = SamplingParams(temperature=0.0, max_tokens=128)
    for ckpt in args.checkpoints:
        outputs = llm.generate(["What is 2+2?"], params, lora_request=LoRARequest("eval", 1, ckpt))
        print(ckpt, outputs[0].outputs[0].text)


if __name__ == "__main__":
    main()
