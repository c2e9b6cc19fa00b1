"""Grid of (run, step) checkpoints; id spelled from run and step."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUNS = [1, 12]
STEPS = [3, 23]


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for run in RUNS:
        for step in STEPS:
            lora_id = int(f"{run}{step}")
            req = LoRARequest(f"r{run}s{step}", lora_id, f"/grid/run{run}/step{step}")
            print(run, step, llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))


if __name__ == "__main__":
    main()
