import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from ..config import ADAPTER_ID, ADAPTER_NAME


@ray.remote(num_gpus=1)
class VLLMRolloutWorker:
    def __init__(self, model: str, lora_rank: int):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=lora_rank, max_loras=1,
                       enable_prefix_caching=False)
        self.params = SamplingParams(temperature=0.8, max_tokens=1024, stop=["</action>"])
        self.request = None

    def update_adapter(self, adapter_dir: str) -> bool:
        # the trainer rewrites the same folder every iteration: force vLLM to re-read it
        ok = self.llm.llm_engine.add_lora(
            LoRARequest(ADAPTER_NAME, ADAPTER_ID, adapter_dir, load_inplace=True)
        )
        self.request = LoRARequest(ADAPTER_NAME, ADAPTER_ID, adapter_dir)
        return ok

    def run_episodes(self, tasks):
        trajectories = []
        for task in tasks:
            history = task["instruction"]
            for _ in range(task.get("max_turns", 4)):
                out = self.llm.generate([history], self.params, lora_request=self.request, use_tqdm=False)[0]
                action = out.outputs[0].text + "</action>"
                history += action + "\nObservation: " + task["env_reply"]
            trajectories.append({"task": task["id"], "text": history})
        return trajectories
