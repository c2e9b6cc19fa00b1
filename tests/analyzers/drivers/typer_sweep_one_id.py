# expect: Affected
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
