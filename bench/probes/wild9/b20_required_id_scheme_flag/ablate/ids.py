"""Id schemes for adapter requests.

fixed : every checkpoint uses id 1 (keeps the prefix-cache key stable between
        checkpoints, which is what the latency ablation wants)
step  : id = training step (one id per checkpoint)
"""

SCHEMES = ("fixed", "step")


def lora_id(scheme: str, step: int) -> int:
    if scheme == "fixed":
        return 1
    if scheme == "step":
        return step
    raise ValueError(scheme)
