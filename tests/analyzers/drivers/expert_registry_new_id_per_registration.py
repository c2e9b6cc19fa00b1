# expect: Safe-distinct-id line=18 reason~="distinct ids"
"""The same expert server with a new id for every registration: whichever names the callers
use, and however often they re-register one, no id is ever given a second folder."""
import itertools

from fastapi import FastAPI
from vllm import LLM
from vllm.lora.request import LoRARequest

app = FastAPI()
llm = LLM(model="base", enable_lora=True, max_loras=4)
EXPERTS = {}
IDS = itertools.count(1)


@app.post("/experts/{name}")
def register(name: str, path: str):
    EXPERTS[name] = LoRARequest(name, next(IDS), path)


@app.post("/generate/{name}")
def generate(name: str, prompt: str):
    return llm.generate([prompt], lora_request=EXPERTS.get(name))
