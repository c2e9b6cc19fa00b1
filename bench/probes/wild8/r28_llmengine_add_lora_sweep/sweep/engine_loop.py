from vllm import SamplingParams
from vllm.lora.request import LoRARequest

PROMPTS = ["The capital of France is", "Water boils at", "The largest planet is"]


def _drain(engine):
    done = []
    while engine.has_unfinished_requests():
        for out in engine.step():
            if out.finished:
                done.append(out.outputs[0].text)
    return done


def score_adapter(engine, path: str):
    req = LoRARequest("sweep", 1, path)
    engine.add_lora(req)
    sp = SamplingParams(max_tokens=16, temperature=0)
    for i, p in enumerate(PROMPTS):
        engine.add_request(f"{path}-{i}", p, sp, lora_request=req)
    return _drain(engine)
