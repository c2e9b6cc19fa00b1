import argparse

from offpolicy import Actor, Learner, RunConfig, SlotBuffers


def reward(prompt, completion):
    return float(len(set(completion.split())) > 30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--root", default="/scratch/offpolicy")
    ns = ap.parse_args()
    cfg = RunConfig(steps=ns.steps, root=ns.root)
    buffers = SlotBuffers(cfg.root, cfg.num_slots)
    learner = Learner(cfg.model, buffers)
    actor = Actor(cfg, buffers)
    prompts = [f"Describe a memorable meal #{i}." for i in range(cfg.batch)]
    for step in range(cfg.steps):
        learner.publish(step)
        traj = actor.act(step, prompts)
        loss = learner.learn(traj, reward)
        print(f"step={step} slot={buffers.slot(step)} loss={loss:.4f}")


if __name__ == "__main__":
    main()
