# expect: Indeterminate line=12 reason~="built in generated source" reason~="run by exec()"
"""The serving loop is generated from a template and run with `exec`: the requests it builds
exist only in that text, which the analysis never runs, so it cannot decide them."""
TEMPLATE = """
from vllm import LLM
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True)
for folder in FOLDERS:
    llm.generate(["q"], lora_request=LoRARequest("x", ID, folder))
"""

exec(TEMPLATE.replace("ID", "1"), {"FOLDERS": ["a", "b"]})
