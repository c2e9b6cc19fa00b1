# expect: Safe-distinct-id line=17 reason~="distinct ids"
"""The expert server with an id per adapter folder: two registrations of one folder share its
id, and two folders never do. In the world where the second registration names the first
one's folder, the request is the same adapter, not a stale one."""
from fastapi import FastAPI
from vllm import LLM
from vllm.lora.request import LoRARequest

app = FastAPI()
llm = LLM(model="base", enable_lora=True, max_loras=4)
IDS = {}
EXPERTS = {}


@app.post("/experts/{name}")
def register(name: str, path: str):
    EXPERTS[name] = LoRARequest(name, IDS.setdefault(path, len(IDS) + 1), path)


@app.post("/generate/{name}")
def generate(name: str, prompt: str):
    return llm.generate([prompt], lora_request=EXPERTS.get(name))
