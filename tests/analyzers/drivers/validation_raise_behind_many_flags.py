# expect: Affected line=98 reason~="is reused without invalidation"
"""A sweep checks its options before serving: thirty-six flags that only print, then a template
check that fails for some templates (a flag set in one `if`, the `raise` in the next). A run that
ends at that `raise` tries the other side of the condition that led there first; in the order of
the flags it would spend every run on them and never reach the serves, which reuse id 1 for each
checkpoint on one engine."""
import json
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest


def check_template(template):
    has_placeholder = False
    if template.endswith("}}"):
        has_placeholder = True
    if has_placeholder:
        raise ValueError("the template may not end in a placeholder")


def main(opts):
    if opts.get("flag_0"):
        print("flag 0")
    if opts.get("flag_1"):
        print("flag 1")
    if opts.get("flag_2"):
        print("flag 2")
    if opts.get("flag_3"):
        print("flag 3")
    if opts.get("flag_4"):
        print("flag 4")
    if opts.get("flag_5"):
        print("flag 5")
    if opts.get("flag_6"):
        print("flag 6")
    if opts.get("flag_7"):
        print("flag 7")
    if opts.get("flag_8"):
        print("flag 8")
    if opts.get("flag_9"):
        print("flag 9")
    if opts.get("flag_10"):
        print("flag 10")
    if opts.get("flag_11"):
        print("flag 11")
    if opts.get("flag_12"):
        print("flag 12")
    if opts.get("flag_13"):
        print("flag 13")
    if opts.get("flag_14"):
        print("flag 14")
    if opts.get("flag_15"):
        print("flag 15")
    if opts.get("flag_16"):
        print("flag 16")
    if opts.get("flag_17"):
        print("flag 17")
    if opts.get("flag_18"):
        print("flag 18")
    if opts.get("flag_19"):
        print("flag 19")
    if opts.get("flag_20"):
        print("flag 20")
    if opts.get("flag_21"):
        print("flag 21")
    if opts.get("flag_22"):
        print("flag 22")
    if opts.get("flag_23"):
        print("flag 23")
    if opts.get("flag_24"):
        print("flag 24")
    if opts.get("flag_25"):
        print("flag 25")
    if opts.get("flag_26"):
        print("flag 26")
    if opts.get("flag_27"):
        print("flag 27")
    if opts.get("flag_28"):
        print("flag 28")
    if opts.get("flag_29"):
        print("flag 29")
    if opts.get("flag_30"):
        print("flag 30")
    if opts.get("flag_31"):
        print("flag 31")
    if opts.get("flag_32"):
        print("flag 32")
    if opts.get("flag_33"):
        print("flag 33")
    if opts.get("flag_34"):
        print("flag 34")
    if opts.get("flag_35"):
        print("flag 35")
    check_template(opts["template"])
    llm = LLM(model="base", enable_lora=True)
    for ckpt in opts["checkpoints"]:
        llm.generate(["q"], lora_request=LoRARequest("ckpt", 1, ckpt))


main(json.load(open(sys.argv[1])))
