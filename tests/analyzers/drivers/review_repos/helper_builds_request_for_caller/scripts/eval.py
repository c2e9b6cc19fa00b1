"""Serves each --ckpts path through one engine with a request built by utils.lora, which always
uses id 1: the second checkpoint is served the first."""

import argparse

from vllm import LLM, SamplingParams

from utils.lora import adapter_request


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ckpts", nargs="+", default=["ck/1", "ck/2", "ck/3"])
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True)
    for ckpt in args.ckpts:
        llm.generate(["q"], SamplingParams(), lora_request=adapter_request(ckpt))


if __name__ == "__main__":
    main()
