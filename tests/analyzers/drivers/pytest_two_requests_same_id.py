# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served f'{tmp_path}/v1'" reason~="1 of 2 requests are stale"
"""A test serving v1 then v2 under id 1 on one engine: v2 is served v1 (what the test asserts)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def test_same_id_no_reload(tmp_path):
    llm = LLM(model="base", enable_lora=True, max_loras=1)
    first = LoRARequest("adapter", 1, str(tmp_path / "v1"))
    second = LoRARequest("adapter", 1, str(tmp_path / "v2"))
    a = llm.generate(["x"], SamplingParams(), lora_request=first)
    b = llm.generate(["x"], SamplingParams(), lora_request=second)
    assert a[0].outputs[0].text == b[0].outputs[0].text
