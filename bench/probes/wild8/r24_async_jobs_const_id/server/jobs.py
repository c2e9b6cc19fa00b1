from vllm import SamplingParams
from vllm.lora.request import LoRARequest

PROMPTS = ["List three colours.", "What is 17 + 25?", "Say hi in Spanish."]


async def _one(engine, prompt, req, rid):
    last = None
    async for out in engine.generate(prompt, SamplingParams(max_tokens=64), rid,
                                     lora_request=req):
        last = out
    return last.outputs[0].text


async def run_job(engine, adapter_dir: str, idx: int):
    req = LoRARequest("job", 1, adapter_dir)
    texts = []
    for j, p in enumerate(PROMPTS):
        texts.append(await _one(engine, p, req, f"job{idx}-{j}"))
    return texts
