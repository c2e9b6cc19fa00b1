from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class CheckpointEvaluator:
    def __init__(self, llm, run_dir):
        self.llm = llm
        self.run_dir = run_dir

    def lora_id(self, step):
        return step // 100

    def evaluate(self, steps, prompts):
        sp = SamplingParams(max_tokens=64)
        for step in steps:
            req = LoRARequest(f"s{step}", self.lora_id(step), f"{self.run_dir}/step_{step}")
            yield step, self.llm.generate(prompts, sp, lora_request=req)


class SingleSlotEvaluator(CheckpointEvaluator):
    """Keep one resident slot so memory stays flat across long sweeps."""

    def lora_id(self, step):
        return 1


if __name__ == "__main__":
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=1)
    ev = SingleSlotEvaluator(llm, "/runs/sweep3")
    for step, outs in ev.evaluate([100, 200, 300], ["Once upon a time"]):
        print(step, outs[0].outputs[0].text)
