import ray
from datasets import load_dataset

from rl import GRPOTrainer, RolloutWorker

BASE = "Qwen/Qwen2.5-0.5B-Instruct"


def main():
    ray.init()
    worker = RolloutWorker.remote(BASE)
    trainer = GRPOTrainer(BASE, worker)
    trainer.save()
    data = load_dataset("openai/gsm8k", "main", split="train")
    for step in range(300):
        batch = data[step * 16:(step + 1) * 16]["question"]
        loss = trainer.step(batch)
        print(step, loss)


if __name__ == "__main__":
    main()
