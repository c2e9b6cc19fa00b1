from fastapi import APIRouter
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .schemas import CompletionIn

router = APIRouter()
llm = LLM(model="microsoft/Phi-3-mini-4k-instruct", enable_lora=True, max_loras=4)


@router.post("/v1/complete")
def complete(body: CompletionIn):
    lora = None
    if body.lora is not None:
        lora = LoRARequest(body.lora.name, body.lora.int_id, body.lora.path)
    out = llm.generate([body.prompt], SamplingParams(temperature=body.temperature),
                       lora_request=lora)
    return {"text": out[0].outputs[0].text}
