"""`lora-audit fix`: rewrite each Affected request site into a safe form, proven by a re-scan.

A pure stage like `render` and `git`: a tree and its report in, rewritten file texts out (it
never writes a file). `codemod.fix_tree` tries the rewrites `analyzers.vllm.fixes` offers for
each row, best first (`edits.py` makes them with libcst, keeping formatting and comments), re-audits
the tree with the rewritten file in place (`overlay.py`), and keeps the first rewrite whose
re-scan is safe; a file no rewrite makes safe is left as it is, with the reasons.
"""
