from unittest.mock import MagicMock

from toolkit import generate_with_adapter


def test_passes_request():
    llm = MagicMock()
    generate_with_adapter(llm, ["hi"], "/a")
    generate_with_adapter(llm, ["hi"], "/b")
    req = llm.generate.call_args.kwargs["lora_request"]
    assert req.lora_int_id == 1
    assert req.lora_path == "/b"
