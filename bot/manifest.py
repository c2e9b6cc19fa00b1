"""The App's manifest (`app.yml`), with its URLs pointed at this deployment.

`app.yml` keeps example URLs; the setup page replaces them with the deployment's public address
before posting the manifest to GitHub, so the registered App delivers webhooks here and GitHub
sends the browser back to routes this App serves.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

PACKAGE_DIR = Path(__file__).resolve().parent
# Installed, the wheel carries it next to this module; from a checkout it is at the top level.
CANDIDATES = (PACKAGE_DIR / "app.yml", PACKAGE_DIR.parent / "app.yml")

WEBHOOK_PATH = "/webhooks"
SETUP_PATH = "/setup"
CALLBACK_PATH = "/setup/callback"  # `redirect_url`: GitHub comes back here with the code
INSTALLED_PATH = "/installed"  # `setup_url`: GitHub comes back here after an installation


@cache
def load_manifest() -> dict[str, Any]:
    for path in CANDIDATES:
        if path.is_file():
            data: dict[str, Any] = yaml.safe_load(path.read_text())
            return data
    raise FileNotFoundError(f"app.yml not found (looked in {', '.join(map(str, CANDIDATES))})")


def manifest_for(public_url: str, *, name: str | None = None) -> dict[str, Any]:
    """The manifest to post for a deployment at `public_url` (no trailing slash)."""
    manifest = dict(load_manifest())
    manifest["url"] = public_url
    manifest["hook_attributes"] = {**manifest["hook_attributes"], "url": public_url + WEBHOOK_PATH}
    manifest["redirect_url"] = public_url + CALLBACK_PATH
    manifest["setup_url"] = public_url + INSTALLED_PATH
    if name:
        manifest["name"] = name
    return manifest
