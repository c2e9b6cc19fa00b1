"""python -m lora_audit."""

from __future__ import annotations

from lora_audit.cli import main

raise SystemExit(main())
