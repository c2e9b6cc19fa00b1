# expect: Affected line=12 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="3 of 4 requests are stale"
"""Same path, new content: the sync folder is overwritten every step and re-added under id 1; the
cached copy of the first save keeps being served."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SYNC = "checkpoints/sync"


def main(model, steps: int = 4) -> None:
    llm = LLM(model="base", enable_lora=True)
    request = LoRARequest("policy", 1, SYNC)
    for step in range(steps):
        model.save_pretrained(SYNC)
        llm.generate(["rollout prompt"], SamplingParams(), lora_request=request)
        model.train_one_step()


if __name__ == "__main__":
    from peft import PeftModel

    main(model=PeftModel.from_pretrained("base", "init-adapter"))
