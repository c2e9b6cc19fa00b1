"""The stand-in itself behaves like GitHub where the App depends on it."""

from __future__ import annotations

import time

import httpx
import jwt

from tests.standin import GitHubStandIn


def _jwt(github_standin: GitHubStandIn, *, issuer: int | None = None) -> str:
    now = int(time.time())
    claims = {"iss": str(issuer or github_standin.app_id), "iat": now - 60, "exp": now + 540}
    return jwt.encode(claims, github_standin.keys.private_pem, algorithm="RS256")


def test_jwt_routes_check_the_app_key_and_issuer(github_standin: GitHubStandIn) -> None:
    url = f"{github_standin.url}/app"
    good = httpx.get(url, headers={"Authorization": f"Bearer {_jwt(github_standin)}"})
    wrong_app = httpx.get(
        url, headers={"Authorization": f"Bearer {_jwt(github_standin, issuer=1)}"}
    )
    garbage = httpx.get(url, headers={"Authorization": "Bearer not-a-jwt"})
    missing = httpx.get(url)
    assert good.status_code == 200
    assert good.json()["slug"] == "lora-audit-test"
    assert [wrong_app.status_code, garbage.status_code, missing.status_code] == [401, 401, 401]


def test_tokens_expire_in_githubs_format_and_only_work_on_token_routes(
    github_standin: GitHubStandIn,
) -> None:
    github_standin.add_repo("o/r", installation_id=3)
    auth = {"Authorization": f"Bearer {_jwt(github_standin)}"}
    created = httpx.post(f"{github_standin.url}/app/installations/3/access_tokens", headers=auth)
    assert created.status_code == 201
    expires_at = created.json()["expires_at"]
    assert time.strptime(expires_at, "%Y-%m-%dT%H:%M:%SZ") > time.gmtime()
    token = {"Authorization": f"token {created.json()['token']}"}
    assert httpx.get(f"{github_standin.url}/repos/o/r", headers=token).status_code == 200
    assert httpx.get(f"{github_standin.url}/app", headers=token).status_code == 401
    assert httpx.get(f"{github_standin.url}/repos/o/r", headers=auth).status_code == 401


def test_every_response_has_rate_limit_headers_and_absolute_links(
    github_standin: GitHubStandIn,
) -> None:
    for index in range(5):
        github_standin.add_installation(index + 1, f"acct{index}")
    auth = {"Authorization": f"Bearer {_jwt(github_standin)}"}
    page = httpx.get(f"{github_standin.url}/app/installations?per_page=2", headers=auth)
    assert [item["id"] for item in page.json()] == [1, 2]
    for name in ("x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"):
        assert page.headers[name].isdigit()
    assert page.headers["x-ratelimit-resource"] == "core"
    next_url = page.links["next"]["url"]
    assert next_url.startswith(f"{github_standin.url}/app/installations?")
    assert [item["id"] for item in httpx.get(next_url, headers=auth).json()] == [3, 4]
    assert "page=3" in page.links["last"]["url"]


def test_injected_failures_count_down(github_standin: GitHubStandIn) -> None:
    github_standin.fail_next(502, times=2, path="^/app$")
    auth = {"Authorization": f"Bearer {_jwt(github_standin)}"}
    statuses = [httpx.get(f"{github_standin.url}/app", headers=auth).status_code for _ in range(3)]
    assert statuses == [502, 502, 200]
    assert [call.injected for call in github_standin.calls("GET", "^/app$")] == [True, True, False]


def test_unserved_routes_are_recorded_404s(github_standin: GitHubStandIn) -> None:
    response = httpx.get(f"{github_standin.url}/repos/o/r/compare/a...b")
    assert response.status_code == 404
    assert "does not serve" in response.json()["message"]
    assert [call.path for call in github_standin.calls("GET")] == ["/repos/o/r/compare/a...b"]
