# expect: Safe-distinct-id line=39 reason~="4 distinct ids"
"""An eval over four checkpoints, each with its own id, that scores every sample with a
string scan (`while` over a text only the run knows, an `if` per character). Unrolled, each
scan forked a world per branch and the step budget ran out before a safe answer."""
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = [(1, "out/ep1"), (2, "out/ep2"), (3, "out/ep3"), (4, "out/ep4")]


def last_boxed(text):
    positions = []
    i = 0
    while i < len(text):
        pos = text.find("\\boxed{", i)
        if pos == -1:
            break
        positions.append(pos)
        i = pos + 7
    if not positions:
        return ""
    start = positions[-1] + 7
    depth, j = 1, start
    while j < len(text) and depth > 0:
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
        j += 1
    return text[start:j - 1].strip() if depth == 0 else ""


rows = [json.loads(line) for line in open(sys.argv[1])]
llm = LLM(model="base", enable_lora=True)
for index, (epoch, path) in enumerate(CHECKPOINTS):
    request = LoRARequest(f"ep{epoch}", index + 1, path)
    outputs = llm.generate([row["q"] for row in rows], SamplingParams(n=4), lora_request=request)
    for row, output in zip(rows, outputs):
        answers = [last_boxed(sample.text) for sample in output.outputs]
        hits = [answer == last_boxed(row["solution"]) for answer in answers]
        print(epoch, sum(hits))
