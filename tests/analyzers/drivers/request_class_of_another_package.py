# expect: Indeterminate line=9 reason~="TensorLoRARequest(...) at" reason~="TensorLoRARequest is not defined in the repository"
"""A helper builds its requests with a framework's `TensorLoRARequest`, imported from a package
the repository does not hold, and hands them to its caller: the analysis cannot see what the
class builds, but the file still gets its row, which names the request it cannot follow."""
from rollout_framework.vllm_utils import TensorLoRARequest


def policy_request(tensors):
    return TensorLoRARequest(lora_name="policy", lora_int_id=1, lora_path="dummy", lora_tensors=tensors)
