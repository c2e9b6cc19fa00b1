"""The README badge: its message and colour from a BadgeState, as a flat SVG or shields.io JSON."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from analyzers.model import Verdict
from bot.badge import BadgeState

LABEL = "lora-audit"
# shields.io colour names, and the hex values its flat style draws them with
COLORS = {"red": "#e05d44", "yellow": "#dfb317", "lightgrey": "#9f9f9f", "brightgreen": "#4c1"}
_NARROW = set("fijlrt.,:;!|' ()[]-")
_WIDE = set("mwMW@%")


@dataclass(frozen=True)
class Badge:
    message: str
    color: str  # a key of COLORS


# Unknown, private and never-audited repositories all get exactly this.
UNKNOWN = Badge("unknown", "lightgrey")


def badge_for(state: BadgeState) -> Badge:
    """Affected beats indeterminate beats safe: the badge never looks better than the worst row."""
    affected = state.counts.get(Verdict.AFFECTED, 0)
    unknown = state.counts.get(Verdict.INDETERMINATE, 0)
    if affected:
        return Badge(f"{affected} affected", "red")
    if unknown:
        return Badge(f"{unknown} indeterminate", "yellow")
    if not any(state.counts.values()):
        return Badge("no drivers", "lightgrey")
    return Badge("safe", "brightgreen")


def shields_json(badge: Badge, *, cache_seconds: int | None = None) -> dict[str, object]:
    """The shields.io endpoint schema (https://shields.io/badges/endpoint-badge)."""
    data: dict[str, object] = {
        "schemaVersion": 1,
        "label": LABEL,
        "message": badge.message,
        "color": badge.color,
    }
    if cache_seconds is not None:
        data["cacheSeconds"] = cache_seconds
    return data


def _text_width(text: str) -> int:
    """Approximate width in pixels of Verdana 11px, which the flat style uses."""
    return sum(4 if char in _NARROW else 10 if char in _WIDE else 7 for char in text)


def render_svg(badge: Badge) -> str:
    """A flat two-part badge: grey label, coloured message."""
    left = _text_width(LABEL) + 10
    right = _text_width(badge.message) + 10
    width = left + right
    label, message = escape(LABEL), escape(badge.message)
    fill = COLORS[badge.color]
    shadow = 'fill="#010101" fill-opacity=".3"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{label}: {message}"><title>{label}: {message}</title>'
        '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" '
        'stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>'
        f'<clipPath id="r"><rect width="{width}" height="20" rx="3" fill="#fff"/></clipPath>'
        f'<g clip-path="url(#r)"><rect width="{left}" height="20" fill="#555"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{fill}"/>'
        f'<rect width="{width}" height="20" fill="url(#s)"/></g>'
        '<g fill="#fff" text-anchor="middle" '
        'font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{left / 2}" y="15" {shadow}>{label}</text>'
        f'<text x="{left / 2}" y="14">{label}</text>'
        f'<text x="{left + right / 2}" y="15" {shadow}>{message}</text>'
        f'<text x="{left + right / 2}" y="14">{message}</text></g></svg>'
    )


def badge_markdown(public_url: str, repo: str) -> str:
    """The README snippet for a repository's badge (LORA_AUDIT_PUBLIC_URL is the app's address)."""
    owner, _, name = repo.partition("/")
    base = public_url.rstrip("/")
    return f"[![lora-audit]({base}/badge/{quote(owner)}/{quote(name)}.svg)]({base})"
