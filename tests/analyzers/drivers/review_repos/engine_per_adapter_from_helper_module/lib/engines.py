from vllm import LLM

_ENGINES: dict = {}


def engine_for(path: str) -> LLM:
    if path not in _ENGINES:
        _ENGINES[path] = LLM(model="base", enable_lora=True)
    return _ENGINES[path]
