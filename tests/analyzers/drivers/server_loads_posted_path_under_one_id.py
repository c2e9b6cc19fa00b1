# expect: Affected line=18 reason~="when load_lora() is called again for another adapter" reason~="lora_int_id 1 is reused without invalidation"
"""A weight-sync shim: each POST names the folder the trainer just wrote, read from the JSON
body, and is loaded under id 1. What the body holds is the caller's input, as a typed request's
field is: a second sync with another folder (or the same one rewritten) keeps the first weights."""
from fastapi import FastAPI, Request
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine
from vllm.lora.request import LoRARequest

app = FastAPI()
engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="m", enable_lora=True))


@app.post("/load_lora")
async def load_lora(request: Request):
    body = await request.json()
    lora_path = body["lora_path"]
    lora_req = LoRARequest(lora_name="skyrl_lora", lora_int_id=1, lora_path=lora_path)
    await engine.add_lora(lora_req)
    return {"ok": True}
