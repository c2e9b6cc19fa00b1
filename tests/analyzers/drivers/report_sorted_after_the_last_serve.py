# expect: Safe-single-adapter line=17 reason~="one adapter per engine lifetime"
"""One checkpoint, one engine, one request; then a report sorted by keys the analysis cannot
compute (the first letters of the outputs). An order it cannot compute after the last request
changes no request: it must not make the row Indeterminate ("the order ... is unknown"), as it
does where the sorted items are served after."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkpoint", required=True)
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True)
    request = LoRARequest("eval", 1, args.checkpoint)
    outputs = llm.generate(["a", "b"], SamplingParams(max_tokens=8), lora_request=request)
    counts = {}
    for output in outputs:
        first = output.outputs[0].text[:1]
        counts[first] = counts.get(first, 0) + 1
    for letter, count in sorted(counts.items()):
        print(letter, count)


if __name__ == "__main__":
    main()
