# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def test_same_id_no_reload(tmp_path):
    llm = LLM(model="base", enable_lora=True, max_loras=1)
    first = LoRARequest("adapter", 1, str(tmp_path / "v1"))
    second = LoRARequest("adapter", 1, str(tmp_path / "v2"))
    a = llm.generate(["x"], SamplingParams(), lora_request=first)
    b = llm.generate(["x"], SamplingParams(), lora_request=second)
    assert a[0].outputs[0].text == b[0].outputs[0].text
