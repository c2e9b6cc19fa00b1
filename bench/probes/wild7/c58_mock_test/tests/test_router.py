from unittest.mock import MagicMock

from vllm.lora.request import LoRARequest


def route(engine, req, prompt):
    return engine.generate([prompt], lora_request=req)


def test_route_passes_request():
    engine = MagicMock()
    a = LoRARequest("a", 1, "/tmp/a")
    b = LoRARequest("b", 1, "/tmp/b")
    route(engine, a, "x")
    route(engine, b, "y")
    assert engine.generate.call_count == 2
    assert engine.generate.call_args.kwargs["lora_request"] is b
