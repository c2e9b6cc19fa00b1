import itertools
import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CANDIDATES = ["/cands/merge_ties", "/cands/merge_dare", "/cands/merge_linear"]


def main():
    llm = LLM("mistralai/Mistral-7B-Instruct-v0.3", enable_lora=True)
    sp = SamplingParams(max_tokens=200, temperature=0.0)
    report = []
    for lora_id, path in zip(itertools.repeat(1), CANDIDATES):
        out = llm.generate(["Summarize: the cat sat on the mat."], sp,
                           lora_request=LoRARequest("candidate", lora_id, path))
        report.append({"path": path, "text": out[0].outputs[0].text})
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
