# expect: Indeterminate line=27 reason~="3 times further than at first" reason~="asked for more"
"""A dict built from a file of unknown length, walked behind a progress bar, its batch served at
the last item (`index == len(data) - 1`). Each run that follows the loop further also builds a
longer dict, so the threshold moves with the items followed and every widened run asks for two
more: the analysis once re-ran this file 63 times (48 s; 300 s and more on bigcodebench's
`generate.py`). It now stops widening after a few runs and says what it could not follow."""
import json
import sys

from rich.progress import Progress
from vllm import LLM
from vllm.lora.request import LoRARequest


def stream(path):
    with open(path) as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def load(path):
    return {row["id"]: row for row in stream(path)}


llm = LLM(model="base", enable_lora=True)
request = LoRARequest("adapter", 1, sys.argv[2])
data = load(sys.argv[1])
batch = []
with Progress() as progress:
    for index, (key, row) in enumerate(progress.track(data.items())):
        batch.append(row["prompt"])
        if index == len(data) - 1:
            llm.generate(batch, lora_request=request)
            batch = []
