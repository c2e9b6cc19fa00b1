SYSTEM = "You are a careful assistant. Answer with a single letter."


def mcq_prompt(q: dict) -> str:
    opts = "\n".join(f"{k}. {v}" for k, v in zip("ABCD", q["choices"]))
    return f"{SYSTEM}\n\nQuestion: {q['question']}\n{opts}\nAnswer:"
