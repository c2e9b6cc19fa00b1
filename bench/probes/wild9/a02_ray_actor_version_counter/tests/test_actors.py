from unittest.mock import MagicMock

from vllm.lora.request import LoRARequest


def test_rollout_passes_current_request():
    fake_llm = MagicMock()
    fake_llm.generate.return_value = []
    req = LoRARequest("policy-v1", 1, "/tmp/step_000000")
    fake_llm.generate(["hello"], None, lora_request=req)
    _, kwargs = fake_llm.generate.call_args
    assert kwargs["lora_request"].lora_int_id == 1


def test_versions_are_monotonic():
    reqs = [LoRARequest(f"policy-v{v}", v, f"/tmp/step_{v:06d}") for v in range(1, 4)]
    assert [r.lora_int_id for r in reqs] == [1, 2, 3]
