# expect: Affected line=16 reason~="only with"
"""A `fire.Fire` command line: every parameter is an option the user may set, so its default
(None: nothing served) is one candidate. With both adapters given, the second is served under
the first one's id and gets the first one's weights."""
import fire
from vllm import LLM
from vllm.lora.request import LoRARequest


def cli():
    def main(model: str, first: str = None, second: str = None):
        llm = LLM(model=model, enable_lora=True)
        if first is not None:
            llm.generate(["x"], lora_request=LoRARequest("first", 1, first))
        if second is not None:
            llm.generate(["x"], lora_request=LoRARequest("second", 1, second))

    fire.Fire(main)


if __name__ == "__main__":
    cli()
