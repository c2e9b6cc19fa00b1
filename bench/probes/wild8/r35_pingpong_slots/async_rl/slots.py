from vllm.lora.request import LoRARequest

ROOT = "/scratch/async_rl"
NUM_SLOTS = 2


def slot_dir(step: int) -> str:
    """Double buffering: the learner writes one slot while actors read the other."""
    return f"{ROOT}/slot{step % NUM_SLOTS}"


def slot_request(step: int) -> LoRARequest:
    slot = step % NUM_SLOTS
    return LoRARequest(f"slot{slot}", slot + 1, slot_dir(step))
