from rouge_score import rouge_scorer

_SCORER = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)


def rouge_l(preds: list[str], refs: list[str]) -> float:
    vals = [_SCORER.score(r, p)["rougeL"].fmeasure for p, r in zip(preds, refs)]
    return sum(vals) / max(len(vals), 1)
