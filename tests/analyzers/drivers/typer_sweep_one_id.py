# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served checkpoints[0]" reason~="2 of 3 requests are stale"
"""A typer command sweeps checkpoints through one engine with id 1: the second checkpoint hits the
cached first one."""
import typer
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

app = typer.Typer()


@app.command()
def sweep(checkpoints: list[str]) -> None:
    llm = LLM(model="base", enable_lora=True)
    for checkpoint in checkpoints:
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("sweep", 1, checkpoint))


if __name__ == "__main__":
    app()
