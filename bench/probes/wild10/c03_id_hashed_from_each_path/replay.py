"""Each adapter folder is served under an id hashed from its path: distinct folders collide
only by chance."""
import hashlib
from collections import defaultdict
from pathlib import Path


class VllmBackend:
    def __init__(self, model_path):
        from vllm import LLM
        self.llm = LLM(model=model_path, enable_lora=True)

    def generate(self, prompts, adapter_path):
        from vllm import SamplingParams
        from vllm.lora.request import LoRARequest
        request = None
        if adapter_path is not None:
            adapter_id = int(hashlib.sha256(adapter_path.encode()).hexdigest()[:8], 16) or 1
            request = LoRARequest(Path(adapter_path).name, adapter_id, adapter_path)
        outputs = self.llm.generate(prompts, SamplingParams(), lora_request=request)
        return [o.outputs[0].text for o in outputs]


def choosers(workspace):
    result = {}
    for seed in (42, 137):
        u20 = workspace / f"ckpt_{seed}_u20"
        u80 = workspace / f"ckpt_{seed}_u80"
        result[seed] = [str(u20.resolve()), str(u80.resolve())]
    return result


def run(workspace, backend):
    specs = []
    for seed, paths in choosers(workspace).items():
        specs.append({"prompt": "p", "adapter_path": None})
        for path in paths:
            specs.append({"prompt": "q", "adapter_path": path})
    by_adapter = defaultdict(list)
    for index, spec in enumerate(specs):
        by_adapter[spec["adapter_path"]].append(index)
    for adapter_path, indices in by_adapter.items():
        backend.generate([specs[i]["prompt"] for i in indices], adapter_path)


if __name__ == "__main__":
    run(Path("."), VllmBackend("base"))
