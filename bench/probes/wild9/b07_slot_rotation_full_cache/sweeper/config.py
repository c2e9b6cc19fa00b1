from dataclasses import dataclass, field

# How many adapters vLLM keeps resident. We reuse ids modulo this so the engine
# never has to hold more than MAX_LORAS adapters at a time.
MAX_LORAS = 4


@dataclass
class SweepConfig:
    base_model: str = "google/gemma-2-9b-it"
    run_root: str = "/scratch/gemma-summarize"
    steps: list[int] = field(default_factory=lambda: list(range(250, 2501, 250)))
    max_lora_rank: int = 32
    eval_file: str = "data/xsum_dev_500.jsonl"
    max_tokens: int = 128

    def ckpt(self, step: int) -> str:
        return f"{self.run_root}/checkpoint-{step}"
