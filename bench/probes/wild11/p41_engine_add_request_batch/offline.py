"""Drive the engine by hand: queue every candidate, then step until done."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CANDIDATES = ["/cands/r8", "/cands/r16", "/cands/r32"]


def main() -> None:
    engine = LLMEngine.from_engine_args(EngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_lora_rank=32))
    sp = SamplingParams(max_tokens=16)
    for i, path in enumerate(CANDIDATES):
        req = LoRARequest(f"cand{i}", 1 if i != 1 else 2, path)
        engine.add_request(str(i), "Tell me a joke.", sp, lora_request=req)
    while engine.has_unfinished_requests():
        for out in engine.step():
            if out.finished:
                print(out.request_id, out.outputs[0].text)


if __name__ == "__main__":
    main()
