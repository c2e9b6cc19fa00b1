# expect: Affected line=10 reason~="lora_int_id 7 is reused without invalidation in LLM" reason~="is served 'a'" reason~="1 of 2 requests are stale"
"""`import vllm`, `LLM as Engine`, `vllm.lora.request as lr`: aliases still resolve to vLLM, so
id 7 reused for 'b' is served 'a'."""
import vllm
import vllm.lora.request as lr
from vllm import LLM as Engine

engine = Engine(model="base", enable_lora=True, max_loras=1)
for path in ("a", "b"):
    engine.generate("q", vllm.SamplingParams(), lora_request=lr.LoRARequest("x", 7, lora_local_path=path))
