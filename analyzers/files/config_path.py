"""Where a repository keeps its lora-audit config, from its top.

A module of its own, importing nothing, so that a warm start (`lora_audit/output_cache.py`) reads
it without importing the project model and its TOML and INI parsers.
"""

CONFIG_PATH = ".github/lora-audit.yml"
