import json
import random
import time

from vllm import LLM, SamplingParams

from .league import LeagueView


class MatchActor:
    """Plays negotiation games between the main agent and league opponents; writes transcripts."""

    def __init__(self, model: str, manifest: str, out_path: str, seed: int = 0):
        self.llm = LLM(model=model, enable_lora=True, max_loras=2, max_cpu_loras=8, max_lora_rank=32)
        self.league = LeagueView(manifest)
        self.out_path = out_path
        self.rng = random.Random(seed)
        self.params = SamplingParams(temperature=0.8, max_tokens=160)

    def _turn(self, transcript, agent_req):
        prompt = "\n".join(transcript) + "\nYour offer:"
        out = self.llm.generate([prompt], self.params, lora_request=agent_req, use_tqdm=False)[0]
        return out.outputs[0].text.strip()

    def play(self, scenario: str, turns: int = 6):
        me, opp = self.league.main_agent(), self.league.sample_opponent(self.rng)
        transcript = [scenario]
        for t in range(turns):
            speaker = me if t % 2 == 0 else opp
            transcript.append(f"[{speaker.lora_name}] {self._turn(transcript, speaker)}")
        return {"main": me.lora_name, "opponent": opp.lora_name, "transcript": transcript}

    def run_forever(self, scenarios, poll_s: float = 30.0):
        last_poll = 0.0
        with open(self.out_path, "a") as f:
            while True:
                if time.time() - last_poll > poll_s:
                    self.league.refresh()
                    last_poll = time.time()
                game = self.play(self.rng.choice(scenarios))
                f.write(json.dumps(game) + "\n")
                f.flush()
