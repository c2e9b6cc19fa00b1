"""app.yml is a valid GitHub App manifest with least privileges and the events the app handles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from bot.handlers import ROUTER
from bot.manifest import CALLBACK_PATH, INSTALLED_PATH, manifest_for

MANIFEST = Path(__file__).resolve().parents[2] / "app.yml"
# https://docs.github.com/apps/sharing-github-apps/registering-a-github-app-from-a-manifest
MANIFEST_KEYS = {
    "name",
    "url",
    "hook_attributes",
    "redirect_url",
    "callback_urls",
    "setup_url",
    "description",
    "public",
    "default_events",
    "default_permissions",
    "request_oauth_on_install",
    "setup_on_update",
}
# Delivered to every GitHub App without a subscription (and not selectable in a manifest).
ALWAYS_DELIVERED = {"installation", "installation_repositories"}


def _manifest() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(MANIFEST.read_text())
    return data


def test_only_manifest_keys() -> None:
    manifest = _manifest()
    assert set(manifest) <= MANIFEST_KEYS
    assert {"name", "url", "hook_attributes"} <= set(manifest)
    assert manifest["hook_attributes"]["url"].endswith("/webhooks")
    assert manifest["public"] is False


def test_least_privilege() -> None:
    assert _manifest()["default_permissions"] == {
        "checks": "write",
        "contents": "read",
        "issues": "write",
        "pull_requests": "write",  # suggested changes are review comments
        "metadata": "read",
    }


def test_redirect_and_setup_urls_are_routes_the_app_serves() -> None:
    manifest = _manifest()
    assert manifest["redirect_url"].endswith(CALLBACK_PATH)
    assert manifest["setup_url"].endswith(INSTALLED_PATH)
    pointed = manifest_for("https://audit.example.org")
    assert pointed["hook_attributes"]["url"] == "https://audit.example.org/webhooks"
    assert pointed["redirect_url"] == "https://audit.example.org/setup/callback"
    assert pointed["setup_url"] == "https://audit.example.org/installed"
    assert pointed["default_permissions"] == manifest["default_permissions"]


def test_subscribes_to_exactly_the_handled_events() -> None:
    events = set(_manifest()["default_events"])
    assert events == ROUTER.events - ALWAYS_DELIVERED
