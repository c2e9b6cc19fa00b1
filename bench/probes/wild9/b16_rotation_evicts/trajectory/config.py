from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrajectoryConfig:
    base_model: str = "meta-llama/Llama-3.2-1B-Instruct"
    run_root: str = "/data/runs/llama1b-tulu-lora"
    steps: tuple[int, ...] = (500, 1000, 1500, 2000, 2500, 3000, 3500, 4000)
    # three rotating adapter ids; the CPU cache holds two, so an id is always evicted
    # by the time it comes round again
    num_ids: int = 3
    max_loras: int = 1
    max_cpu_loras: int = 2
    benchmarks: tuple[str, ...] = ("ifeval", "alpaca_eval_lite")
