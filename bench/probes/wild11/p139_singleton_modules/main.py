import sys

from policy_eval import eval_policy
from ref_eval import eval_reference

if __name__ == "__main__":
    print(eval_reference("/ckpt/sft-final"))
    print(eval_policy(sys.argv[1]))
