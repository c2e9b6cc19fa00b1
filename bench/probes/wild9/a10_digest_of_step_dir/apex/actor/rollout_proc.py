"""Actor process: receives checkpoint paths from the learner and streams trajectories back."""

import queue

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .adapter_ids import adapter_id


def rollout_process(model: str, ckpt_queue, traj_queue, prompts, stop_event):
    llm = LLM(model=model, enable_lora=True, max_lora_rank=16, max_loras=1, max_cpu_loras=2)
    params = SamplingParams(temperature=1.0, max_tokens=256)
    current = None
    while not stop_event.is_set():
        try:
            path = ckpt_queue.get(timeout=1.0)
            current = LoRARequest(f"learner:{path}", adapter_id(path), path)
        except queue.Empty:
            if current is None:
                continue
        outs = llm.generate(prompts, params, lora_request=current, use_tqdm=False)
        traj_queue.put([(o.prompt, o.outputs[0].text, current.lora_path) for o in outs])
