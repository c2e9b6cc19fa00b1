# expect: Affected line=18 reason~="only with one item in the loop at"
"""Each epoch numbers the checkpoints given on the command line from 1 again, and each epoch's
folders are new. With several checkpoints an LRU cache of one adapter has always evicted an id
before it comes back; with a single checkpoint nothing comes between, and the second epoch is
served the first epoch's weights under lora_int_id 1. A loop of unknown length is judged over
one item as well when its safety rests on eviction."""
import itertools
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for epoch in range(3):
    counter = itertools.count(1)
    for checkpoint in sys.argv[1:]:
        folder = f"{checkpoint}/epoch-{epoch}"
        llm.generate(["hi"], lora_request=LoRARequest(folder, next(counter), folder))
