# expect: Affected line=17 reason~="is served args.adapter[0]" reason~="only with the command line giving --adapter, --pair (otherwise Safe-distinct-id)"
"""`action="append"` with a default list, read in `main()`: each `--adapter x` the user adds
is served under the one id of the loop."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--adapter", action="append", default=["out/lora"])
    parser.add_argument("--pair", nargs=2, default=["a", "b"])
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True, max_loras=1)
    for path in args.adapter:
        llm.generate(["hi"], SamplingParams(), lora_request=LoRARequest("x", 1, path))
    for name in args.pair:
        llm.generate(["hi"], SamplingParams(), lora_request=LoRARequest(name, 2, "fixed"))


if __name__ == "__main__":
    main()
