import uuid

from fastapi import FastAPI
from pydantic import BaseModel
from vllm import SamplingParams

from .engine import get_engine
from .registry import registry

app = FastAPI()


class GenerateBody(BaseModel):
    adapter: str
    prompt: str
    max_tokens: int = 256


@app.post("/generate")
async def generate(body: GenerateBody):
    engine = get_engine()
    final = None
    async for out in engine.generate(body.prompt, SamplingParams(max_tokens=body.max_tokens),
                                     request_id=str(uuid.uuid4()),
                                     lora_request=registry.get(body.adapter)):
        final = out
    return {"text": final.outputs[0].text}
