# expect: Safe-single-adapter line=15 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, adapter)"
"""A click command serves one --adapter for many prompts: every request is the same (id 1, path),
so each repeat is a benign cache hit."""
import click
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@click.command()
@click.option("--adapter", required=True)
@click.option("--prompt", multiple=True)
def main(adapter: str, prompt: tuple[str, ...]) -> None:
    llm = LLM(model="base", enable_lora=True)
    for text in prompt:
        click.echo(llm.generate([text], SamplingParams(), lora_request=LoRARequest("a", 1, adapter)))


if __name__ == "__main__":
    main()
