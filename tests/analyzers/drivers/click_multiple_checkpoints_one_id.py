# expect: Affected
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
