from .base import BaseLoRAServer


class EvalServer(BaseLoRAServer):
    adapter_name = "eval"

    def accuracy(self, outputs, answers):
        hits = sum(a.strip() in o.outputs[0].text for o, a in zip(outputs, answers))
        return hits / max(1, len(answers))

    def evaluate(self, ckpts, prompts, answers):
        scores = {}
        for ck in ckpts:
            outs = self.generate(prompts, ck)
            scores[ck] = self.accuracy(outs, answers)
        return scores
