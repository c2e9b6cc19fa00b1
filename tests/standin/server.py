"""`GitHubStandIn`: a local GitHub REST API over HTTP on loopback, seeded and inspected by tests.

It serves what the App calls through githubkit (see the route modules), checks the App's RS256 JWT
and the installation tokens it issued, sends rate-limit headers, pages with absolute `Link` URLs,
records every call, and can answer the next N matching calls with an injected failure. It can also
act as GitHub's webhook sender: `deliver()` posts a signed payload to the App and logs the attempt,
and a redelivery request re-posts it.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from collections.abc import Iterable
from typing import Any

from bot.settings import Settings
from tests.standin import hooks, routes_app, routes_issues, routes_pulls, routes_repos, routes_web
from tests.standin.http import ENTERPRISE_API_PATH, build_app
from tests.standin.keys import app_key_pair
from tests.standin.state import (
    Call,
    CheckRun,
    Comment,
    Delivery,
    Failure,
    Installation,
    Issue,
    ManifestPost,
    PullRequest,
    Repo,
    ReviewComment,
    State,
)
from tests.support.uvicorn_thread import UvicornThread

APP_ID = 4242
APP_SLUG = "lora-audit-test"
SECONDARY_LIMIT_MESSAGE = (
    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
)


class GitHubStandIn:
    def __init__(self, *, app_id: int = APP_ID, app_slug: str = APP_SLUG) -> None:
        self.keys = app_key_pair()
        self.state = State(app_id=app_id, app_slug=app_slug, private_pem=self.keys.private_pem)
        tables = (
            routes_app.routes,
            routes_repos.routes,
            routes_issues.routes,
            routes_pulls.routes,
            routes_web.routes,
        )
        app = build_app(
            self.state, self.keys.public_pem, tables, pages=routes_web.web_routes(self.state)
        )
        self._server = UvicornThread(app)

    # -- lifecycle -------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The API base URL (LORA_AUDIT_GITHUB_API_URL), and the web pages' too."""
        return self._server.url

    @property
    def enterprise_url(self) -> str:
        """The same API as GitHub Enterprise Server serves it (`https://HOST/api/v3`)."""
        return f"{self._server.url}{ENTERPRISE_API_PATH}"

    @property
    def app_id(self) -> int:
        return self.state.app_id

    @property
    def bot_login(self) -> str:
        """The login the App's comments and issues are authored by."""
        return f"{self.state.app_slug}[bot]"

    def start(self) -> GitHubStandIn:
        self._server.start()
        return self

    def stop(self) -> None:
        self._server.stop()

    def reset(self) -> None:
        """Forget everything seeded, created, issued and recorded (the server keeps running)."""
        fresh = State(
            app_id=self.state.app_id,
            app_slug=self.state.app_slug,
            private_pem=self.state.private_pem,
        )
        with self.state.lock:
            for name in fresh.__dataclass_fields__:
                if name != "lock":
                    setattr(self.state, name, getattr(fresh, name))

    def env(self, *, redis_url: str, webhook_secret: str = "test-webhook-secret") -> dict[str, str]:
        """`LORA_AUDIT_*` variables for a process that talks to this stand-in."""
        return {
            "LORA_AUDIT_APP_ID": str(self.state.app_id),
            "LORA_AUDIT_PRIVATE_KEY": self.keys.private_pem,
            "LORA_AUDIT_WEBHOOK_SECRET": webhook_secret,
            "LORA_AUDIT_GITHUB_API_URL": self.url,
            "LORA_AUDIT_REDIS_URL": redis_url,
        }

    def settings(self, *, redis_url: str, webhook_secret: str = "test-webhook-secret") -> Settings:
        return Settings(
            app_id=self.state.app_id,
            private_key=self.keys.private_pem,
            webhook_secret=webhook_secret,
            github_api_url=self.url,
            redis_url=redis_url,
        )

    # -- seeding ---------------------------------------------------------------------------------
    def add_installation(self, installation_id: int, account: str) -> None:
        with self.state.lock:
            self.state.installations[installation_id] = Installation(installation_id, account)
            self.state.user(account)

    def add_repo(
        self,
        full_name: str,
        *,
        installation_id: int,
        private: bool = False,
        default_branch: str = "main",
    ) -> Repo:
        owner, name = full_name.split("/")
        with self.state.lock:
            if installation_id not in self.state.installations:
                self.add_installation(installation_id, owner)
            repo = Repo(owner, name, self.state.next_id(), installation_id, private, default_branch)
            self.state.repos[full_name.lower()] = repo
            self.state.user(owner)
            return copy.deepcopy(repo)

    def add_user(self, login: str, *, kind: str = "User") -> None:
        with self.state.lock:
            self.state.user(login, kind)

    def set_permission(self, repo: str, login: str, permission: str) -> None:
        """`permission`: admin, maintain, write, triage, read or none."""
        with self.state.lock:
            self.state.user(login)
            self.state.permissions[(self._repo(repo).full_name, login)] = permission

    def add_issue(
        self,
        repo: str,
        title: str,
        *,
        body: str | None = None,
        author: str = "octocat",
        labels: Iterable[str] = (),
        state: str = "open",
    ) -> int:
        with self.state.lock:
            full_name = self._repo(repo).full_name
            issue = Issue(
                number=self.state.next_issue_number(full_name),
                id=self.state.next_id(),
                repo=full_name,
                title=title,
                body=body,
                user=self.state.user(author, "Bot" if author.endswith("[bot]") else "User"),
                labels=list(labels),
                state=state,
            )
            self.state.issues[(full_name, issue.number)] = issue
            return issue.number

    def add_pull_request(
        self,
        repo: str,
        *,
        head_sha: str,
        base_sha: str,
        head_ref: str = "feature",
        base_ref: str = "main",
        title: str = "A change",
        author: str = "octocat",
        hunks: dict[str, list[tuple[int, int]]] | None = None,
    ) -> int:
        """A pull request (and its issue side, which shares the number); `hunks`: its diff's
        head-side line ranges by path, where review comments may go (None: anywhere)."""
        number = self.add_issue(repo, title, author=author)
        with self.state.lock:
            issue = self.state.issues[(self._repo(repo).full_name, number)]
            issue.pull = PullRequest(
                number, issue.repo, head_sha, head_ref, base_sha, base_ref, hunks
            )
        return number

    def add_comment(
        self, repo: str, issue_number: int, body: str, *, author: str = "octocat"
    ) -> int:
        """A comment someone else wrote (an `author` ending in `[bot]` is a bot user)."""
        with self.state.lock:
            full_name = self._repo(repo).full_name
            kind = "Bot" if author.endswith("[bot]") else "User"
            comment = Comment(
                id=self.state.next_id(),
                repo=full_name,
                issue_number=issue_number,
                body=body,
                user=self.state.user(author, kind),
            )
            self.state.comments[comment.id] = comment
            return comment.id

    def set_pull_head(
        self,
        repo: str,
        number: int,
        head_sha: str,
        hunks: dict[str, list[tuple[int, int]]] | None = None,
    ) -> None:
        """What GitHub does when a pull request's branch gets a new push: a new head and diff."""
        with self.state.lock:
            issue = self.state.issues[(self._repo(repo).full_name, number)]
            assert issue.pull is not None
            issue.pull.head_sha = head_sha
            issue.pull.hunks = hunks

    def add_review_comment(
        self, repo: str, pull_number: int, body: str, *, path: str, line: int, author: str
    ) -> int:
        """A review comment someone else wrote on the pull request's head."""
        with self.state.lock:
            full_name = self._repo(repo).full_name
            pull = self.state.issues[(full_name, pull_number)].pull
            assert pull is not None
            kind = "Bot" if author.endswith("[bot]") else "User"
            comment = ReviewComment(
                id=self.state.next_id(),
                repo=full_name,
                pull_number=pull_number,
                body=body,
                user=self.state.user(author, kind),
                commit_id=pull.head_sha,
                path=path,
                line=line,
                side="RIGHT",
            )
            self.state.review_comments[comment.id] = comment
            return comment.id

    def configure_webhook(self, url: str, secret: str) -> None:
        """Where `deliver()` and redeliveries post (the App's `POST /webhooks`)."""
        with self.state.lock:
            self.state.hook_url, self.state.hook_secret = url, secret

    def add_delivery(
        self,
        event: str,
        payload: dict[str, Any],
        *,
        status_code: int = 502,
        guid: str | None = None,
    ) -> Delivery:
        """Log a delivery attempt of `payload` without posting it (e.g. one that failed earlier)."""
        guid = guid or str(uuid.uuid4())
        with self.state.lock:
            self.state.payloads[guid] = (event, json.dumps(payload).encode())
            return copy.deepcopy(hooks.record(self.state, guid, status_code, redelivery=False))

    def deliver(self, event: str, payload: dict[str, Any], *, guid: str | None = None) -> Delivery:
        """Post `payload` to the App now, signed, like GitHub; the attempt is logged."""
        guid = guid or str(uuid.uuid4())
        with self.state.lock:
            self.state.payloads[guid] = (event, json.dumps(payload).encode())
        return copy.deepcopy(hooks.post(self.state, guid, redelivery=False))

    # -- injected failures -----------------------------------------------------------------------
    def fail_next(
        self,
        status: int = 502,
        *,
        times: int = 1,
        method: str | None = None,
        path: str | None = None,
        headers: dict[str, str] | None = None,
        message: str = "Server Error",
        skip: int = 0,
        applied: bool = False,
    ) -> None:
        """Answer the next `times` calls matching `method` and the `path` regex with `status`
        (after letting `skip` matching calls through). With `applied`, each such call still takes
        effect and only its answer is the failure, as when a gateway times out after GitHub
        applied the change."""
        failure = Failure(
            applied=applied,
            status=status,
            remaining=times,
            body={"message": message, "documentation_url": "https://docs.github.com/rest"},
            headers=headers or {},
            method=method,
            path=re.compile(path) if path is not None else None,
            skip=skip,
        )
        with self.state.lock:
            self.state.failures.append(failure)

    def rate_limit_next(
        self,
        *,
        retry_after: int = 2,
        status: int = 429,
        times: int = 1,
        method: str | None = None,
        path: str | None = None,
    ) -> None:
        """A secondary rate limit as GitHub sends it: `status` (429, or 403) with `Retry-After`."""
        headers = {"retry-after": str(retry_after)}
        message = SECONDARY_LIMIT_MESSAGE
        self.fail_next(
            status, times=times, method=method, path=path, headers=headers, message=message
        )

    def secondary_limit_next(
        self,
        *,
        retry_after: int = 2,
        times: int = 1,
        method: str | None = None,
        path: str | None = None,
    ) -> None:
        """403 with `Retry-After` and GitHub's secondary-rate-limit message."""
        self.rate_limit_next(
            retry_after=retry_after, status=403, times=times, method=method, path=path
        )

    def primary_limit_next(
        self, *, reset_at: int, times: int = 1, method: str | None = None, path: str | None = None
    ) -> None:
        """403 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset: reset_at` (epoch seconds)."""
        headers = {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset_at)}
        message = "API rate limit exceeded for installation ID 1."
        self.fail_next(403, times=times, method=method, path=path, headers=headers, message=message)

    def expire_next(
        self, *, times: int = 1, method: str | None = None, path: str | None = None
    ) -> None:
        """401 Bad credentials, as for an installation token that expired or was revoked."""
        self.fail_next(401, times=times, method=method, path=path, message="Bad credentials")

    def revoke_tokens(self) -> None:
        """Every installation token issued so far stops working (401 until a new one is made)."""
        with self.state.lock:
            for token in self.state.tokens.values():
                token.revoked = True

    def set_token_lifetime(self, seconds: int) -> None:
        with self.state.lock:
            self.state.token_lifetime = seconds

    # -- reading state back ----------------------------------------------------------------------
    def check_runs(self, repo: str | None = None, *, head_sha: str | None = None) -> list[CheckRun]:
        with self.state.lock:
            runs = sorted(self.state.check_runs.values(), key=lambda run: run.id)
            return copy.deepcopy(
                [
                    run
                    for run in runs
                    if repo in {None, run.repo} and head_sha in {None, run.head_sha}
                ]
            )

    def issues(self, repo: str) -> list[Issue]:
        """Issues (not pull requests) of `repo`, by number."""
        with self.state.lock:
            full_name = self._repo(repo).full_name
            found = [
                issue
                for (name, _), issue in sorted(self.state.issues.items())
                if name == full_name and issue.pull is None
            ]
            return copy.deepcopy(found)

    def issue(self, repo: str, number: int) -> Issue:
        with self.state.lock:
            return copy.deepcopy(self.state.issues[(self._repo(repo).full_name, number)])

    def comments(self, repo: str, issue_number: int) -> list[Comment]:
        with self.state.lock:
            full_name = self._repo(repo).full_name
            found = [
                comment
                for comment in sorted(self.state.comments.values(), key=lambda item: item.id)
                if (comment.repo, comment.issue_number) == (full_name, issue_number)
            ]
            return copy.deepcopy(found)

    def review_comments(self, repo: str, pull_number: int) -> list[ReviewComment]:
        """Review comments (suggested changes included) on one pull request, by id."""
        with self.state.lock:
            full_name = self._repo(repo).full_name
            found = [
                comment
                for comment in sorted(self.state.review_comments.values(), key=lambda c: c.id)
                if (comment.repo, comment.pull_number) == (full_name, pull_number)
            ]
            return copy.deepcopy(found)

    def comment(self, comment_id: int) -> Comment:
        with self.state.lock:
            return copy.deepcopy(self.state.comments[comment_id])

    def reactions(self, comment_id: int) -> list[tuple[str, str]]:
        """(content, user login) of each reaction on a comment."""
        with self.state.lock:
            comment = self.state.comments[comment_id]
            return [(reaction.content, reaction.user.login) for reaction in comment.reactions]

    def manifests(self) -> list[ManifestPost]:
        """Manifests posted to `settings/apps/new`, in order."""
        with self.state.lock:
            return copy.deepcopy(list(self.state.manifests.values()))

    def calls(self, method: str | None = None, path: str | None = None) -> list[Call]:
        """Recorded calls, optionally only those with `method` whose path matches the regex."""
        pattern = re.compile(path) if path is not None else None
        with self.state.lock:
            return [
                copy.deepcopy(call)
                for call in self.state.calls
                if method in {None, call.method}
                and (pattern is None or pattern.search(call.path) is not None)
            ]

    def deliveries(self) -> list[Delivery]:
        with self.state.lock:
            return copy.deepcopy(sorted(self.state.deliveries.values(), key=lambda item: item.id))

    @property
    def redelivered(self) -> list[int]:
        """Delivery ids the App asked to redeliver, in order."""
        with self.state.lock:
            return list(self.state.redelivered)

    @property
    def tokens_issued(self) -> int:
        with self.state.lock:
            return len(self.state.tokens)

    def _repo(self, full_name: str) -> Repo:
        repo = self.state.repo(full_name)
        if repo is None:
            raise KeyError(f"unknown repository {full_name}; add_repo() it first")
        return repo
