# expect: Safe-single-adapter line=24 reason~="one adapter per engine lifetime"
"""One adapter, one id, one engine, then a long tabulation behind forty flags that only print:
the runs are long, and the driver's step budget ends the search after a few of them, as the cap
on runs would. The runs made went to their end and each serves the one adapter; another answer
to a flag can only skip code, so the verdict stands. The run the budget cut part way is not
counted as safe (what it did not reach is unknown), nor are the runs never begun."""
import json
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest


def tabulate(rows):
    table = {}
    for i in range(60):
        for j in range(60):
            table[(i, j)] = (i * j + len(rows)) % 7
    return table


def main(opts):
    llm = LLM(model="base", enable_lora=True)
    request = LoRARequest("tuned", 1, "/adapters/tuned")
    for prompt in opts["prompts"]:
        llm.generate([prompt], lora_request=request)
        for flag in range(40):
            if opts.get(f"flag_{flag}"):
                print(tabulate(opts["rows"]))


main(json.load(open(sys.argv[1])))
