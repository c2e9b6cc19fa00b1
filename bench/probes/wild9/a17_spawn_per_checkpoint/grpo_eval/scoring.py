import re


def _last_boxed(text: str):
    m = re.findall(r"\\boxed\{([^{}]*)\}", text)
    return m[-1].strip() if m else None


def math_equal(completion: str, answer: str) -> bool:
    got = _last_boxed(completion)
    return got is not None and got.replace(" ", "") == answer.replace(" ", "")
