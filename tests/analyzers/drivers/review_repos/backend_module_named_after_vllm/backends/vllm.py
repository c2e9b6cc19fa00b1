"""A backend module named after the library it wraps. Its `from vllm import LLM` is vLLM's
engine: found through this file's own folder it would be this very file, and Python would then
run a second copy of it that fails on this same import, so the import only works where it finds
the installed vLLM. Each checkpoint gets a new engine: id 1 is never reused on one engine.
(Taken for this file itself, `LLM` was an unknown from a circular import, whose calls might
all return one engine: Affected.)"""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(checkpoints, prompts):
    scores = []
    for checkpoint in checkpoints:
        llm = LLM(model="base", enable_lora=True)
        request = LoRARequest("adapter", 1, checkpoint)
        outputs = llm.generate(prompts, SamplingParams(temperature=0.0), lora_request=request)
        scores.append(sum(len(output.outputs[0].text) for output in outputs))
    return scores
