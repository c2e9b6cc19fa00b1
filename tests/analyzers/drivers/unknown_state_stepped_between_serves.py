# expect: Indeterminate line=16 reason~="state.adapter_path"
"""A training state from another package is stepped each round (`state.step(batch)`), and the
folder it names (`state.adapter_path`) is served under lora_int_id 1. Code the analysis cannot
see had the object in between, so the folder read after a step may be another, or rewritten:
never one adapter taken for granted."""
import sys

from mylab.state import State
from vllm import LLM
from vllm.lora.request import LoRARequest

state = State()
llm = LLM(model="m", enable_lora=True)
for batch in sys.argv[1:]:
    state.step(batch)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, state.adapter_path))
