import argparse
import multiprocessing as mp

from apex import Learner, rollout_process


def reward(prompt, completion):
    return float("please" in completion.lower())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-0.5B-Instruct")
    ap.add_argument("--root", default="/scratch/apex_ckpts")
    ap.add_argument("--steps", type=int, default=5000)
    ap.add_argument("--publish-every", type=int, default=10)
    args = ap.parse_args()

    ctx = mp.get_context("spawn")
    ckpt_q, traj_q, stop = ctx.Queue(), ctx.Queue(maxsize=8), ctx.Event()
    prompts = [f"Ask politely for item {i}." for i in range(32)]
    learner = Learner(args.model, args.root)
    ckpt_q.put(learner.publish(0))
    actor = ctx.Process(target=rollout_process, args=(args.model, ckpt_q, traj_q, prompts, stop), daemon=True)
    actor.start()
    for step in range(1, args.steps + 1):
        loss = learner.learn(traj_q.get(), reward)
        if step % args.publish_every == 0:
            ckpt_q.put(learner.publish(step))
            print(f"step {step} loss {loss:.4f}")
    stop.set()
    actor.join()


if __name__ == "__main__":
    main()
