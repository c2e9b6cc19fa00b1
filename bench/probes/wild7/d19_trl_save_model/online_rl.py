from trl import SFTConfig, SFTTrainer
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER_DIR = "outputs/adapter"


def main(model, datasets):
    llm = LLM("Qwen/Qwen2.5-0.5B-Instruct", enable_lora=True, gpu_memory_utilization=0.3)
    req = LoRARequest("student", 1, ADAPTER_DIR)
    for round_idx, ds in enumerate(datasets):
        trainer = SFTTrainer(model=model, train_dataset=ds,
                             args=SFTConfig(output_dir="outputs/tmp", num_train_epochs=1))
        trainer.train()
        trainer.save_model(ADAPTER_DIR)
        outs = llm.generate(["Explain recursion."], SamplingParams(max_tokens=64), lora_request=req)
        print(round_idx, outs[0].outputs[0].text)


if __name__ == "__main__":
    from setup import build
    main(*build())
