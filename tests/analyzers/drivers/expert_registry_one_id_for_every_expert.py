# expect: Affected line=16 reason~="when register() then generate() is called again for another adapter"
"""An expert server: one route registers an expert's adapter under id 1, another serves an
expert by name. Registering a second expert (or a new version of one) keeps id 1, so once the
first is resident every later expert is served the first one's weights."""
from fastapi import FastAPI
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

app = FastAPI()
llm = LLM(model="base", enable_lora=True, max_loras=4)
EXPERTS = {}


@app.post("/experts/{name}")
def register(name: str, path: str):
    EXPERTS[name] = LoRARequest(name, 1, path)


@app.post("/generate/{name}")
def generate(name: str, prompt: str):
    return llm.generate([prompt], SamplingParams(max_tokens=64), lora_request=EXPERTS[name])
