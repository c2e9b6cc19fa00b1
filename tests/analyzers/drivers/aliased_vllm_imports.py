# expect: Affected
import vllm
import vllm.lora.request as lr
from vllm import LLM as Engine

engine = Engine(model="base", enable_lora=True, max_loras=1)
for path in ("a", "b"):
    engine.generate("q", vllm.SamplingParams(), lora_request=lr.LoRARequest("x", 7, lora_local_path=path))
