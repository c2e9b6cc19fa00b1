# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served ckpt[0]" reason~="2 of 3 requests are stale"
"""A click option with multiple checkpoints served under id 1 on one engine."""
import click
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@click.command()
@click.option("--ckpt", multiple=True, required=True)
def main(ckpt):
    llm = LLM(model="b", enable_lora=True)
    for c in ckpt:
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, c))


if __name__ == "__main__":
    main()
