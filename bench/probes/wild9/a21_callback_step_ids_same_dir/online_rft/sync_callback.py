import os

from transformers import TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class VLLMSyncCallback(TrainerCallback):
    """Keeps a colocated vLLM engine in step with the policy being trained.

    The adapter is written to one scratch folder; the request id follows the optimizer step,
    so vLLM treats every sync as a new adapter and reads the folder again.
    """

    def __init__(self, base_model: str, scratch_dir: str, lora_rank: int = 16):
        self.base_model = base_model
        self.sync_dir = os.path.join(scratch_dir, "vllm_policy")
        self.lora_rank = lora_rank
        self.llm = None
        self.current = None

    def _publish(self, model, step: int):
        model.save_pretrained(self.sync_dir)
        self.current = LoRARequest("policy", step + 1, self.sync_dir)

    def on_train_begin(self, args, state, control, model=None, **kwargs):
        self.llm = LLM(model=self.base_model, enable_lora=True, max_lora_rank=self.lora_rank,
                       gpu_memory_utilization=0.3, enforce_eager=True)
        self._publish(model, state.global_step)

    def on_step_end(self, args, state, control, model=None, **kwargs):
        self._publish(model, state.global_step)

    def sample(self, prompts, n: int, max_tokens: int):
        params = SamplingParams(n=n, temperature=1.0, max_tokens=max_tokens)
        outs = self.llm.generate(prompts, params, lora_request=self.current, use_tqdm=False)
        return [[c.text for c in o.outputs] for o in outs]
