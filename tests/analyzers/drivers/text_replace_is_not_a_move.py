# expect: Safe-single-adapter line=14 reason~="benign cache hit"
"""`str.replace` fills a template given on the command line with two arguments; it is not
`Path.replace` (one argument, a move into another place): the folder served is the same text
for every prompt, one adapter under one id, and nothing is written."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

template = sys.argv[1]
llm = LLM(model="m", enable_lora=True)
for prompt in sys.argv[2:]:
    path = template.replace("{run}", "baseline")
    llm.generate([prompt], lora_request=LoRARequest("a", 1, path))
