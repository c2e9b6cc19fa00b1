from vllm import LLM, SamplingParams

from conf import compose
from evalkit import make_request


def evaluate(llm, req, cfg):
    prompts = [f"Question {i}: what is {i} squared?" for i in range(cfg["eval"]["n"])]
    sp = SamplingParams(max_tokens=cfg["eval"]["max_tokens"], temperature=0)
    outs = llm.generate(prompts, sp, lora_request=req)
    return sum(str(i * i) in o.outputs[0].text for i, o in enumerate(outs)) / len(outs)


def main(cfg):
    llm = LLM(model=cfg["model"]["base"], enable_lora=True,
              max_lora_rank=cfg["model"]["max_lora_rank"])
    for ck in cfg["sweep"]["ckpts"]:
        print(ck, evaluate(llm, make_request(cfg["lora"], ck), cfg))


if __name__ == "__main__":
    main(compose())
