import os

from datasets import Dataset
from peft import LoraConfig, PeftModel
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import DPOConfig, DPOTrainer

from serving import GenerationEngine


def _rank(candidates, judge):
    scored = sorted(candidates, key=judge)
    return scored[-1], scored[0]


def run_iterations(cfg, prompts, judge):
    engine = GenerationEngine(cfg.model, cfg.engine.max_loras, cfg.engine.max_lora_rank)
    tok = AutoTokenizer.from_pretrained(cfg.model)
    adapter_path = None
    for it in range(cfg.iterations):
        if adapter_path is None:
            groups = engine.generate_base(prompts, cfg.samples_per_prompt)  # seed round: base model
        else:
            groups = engine.generate(prompts, cfg.run_name, adapter_path, cfg.samples_per_prompt)
        pairs = [dict(zip(("chosen", "rejected"), _rank(g, judge)), prompt=p) for p, g in zip(prompts, groups)]
        model = AutoModelForCausalLM.from_pretrained(cfg.model, torch_dtype="bfloat16")
        if adapter_path is not None:
            model = PeftModel.from_pretrained(model, adapter_path, is_trainable=True)
        out_dir = os.path.join(cfg.ckpt_root, f"iter_{it}")
        trainer = DPOTrainer(
            model=model,
            args=DPOConfig(output_dir=out_dir, num_train_epochs=1, report_to=[], save_strategy="no"),
            train_dataset=Dataset.from_list(pairs),
            processing_class=tok,
            peft_config=LoraConfig(r=64, lora_alpha=64, target_modules="all-linear") if adapter_path is None else None,
        )
        trainer.train()
        trainer.save_model(out_dir)
        adapter_path = out_dir
