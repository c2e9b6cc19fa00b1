MODEL = "microsoft/Phi-3.5-mini-instruct"
ENGINE_KWARGS = dict(
    enable_lora=True,
    max_lora_rank=16,
    max_loras=1,
    gpu_memory_utilization=0.4,
    enable_prefix_caching=False,
)
ROOT = "/tmp/pingpong"
