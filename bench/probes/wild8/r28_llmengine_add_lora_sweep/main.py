import argparse

from vllm import EngineArgs, LLMEngine

from sweep.engine_loop import score_adapter


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="meta-llama/Llama-3.2-1B")
    ap.add_argument("--adapters", nargs="+",
                    default=["hub/lora-a", "hub/lora-b", "hub/lora-c"])
    args = ap.parse_args()
    engine = LLMEngine.from_engine_args(EngineArgs(model=args.base, enable_lora=True,
                                                   max_loras=1, max_lora_rank=16))
    for path in args.adapters:
        print(path, score_adapter(engine, path))


if __name__ == "__main__":
    main()
