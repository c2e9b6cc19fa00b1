# expect: Indeterminate line=27 reason~="not every world of the routes called in turn (register() then generate()) was explored, and one changes what another serves"
"""A served registry: `/register` re-points a known name at a new folder (its id stays 1),
`/generate` serves the name. The search of the routes in turn is cut before the world that
registers the served name again; the worlds it explored served one folder."""
from flask import Flask, request
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

app = Flask(__name__)
llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)
PATHS = {"default": "/adapters/default"}
IDS = {"default": 1}


@app.post("/register")
def register():
    name = request.json["name"]
    PATHS[name] = request.json["path"]
    if name not in IDS:
        IDS[name] = len(IDS) + 1
    return "ok"


@app.post("/generate")
def generate():
    name = request.json["adapter"]
    req = LoRARequest(name, IDS[name], PATHS[name])
    return llm.generate([request.json["prompt"]], SamplingParams(), lora_request=req)[0].outputs[0].text


app.run()
