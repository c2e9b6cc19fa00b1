"""One module per webhook event; `ROUTER` composes their routers."""

from bot.handlers import (
    check_run,
    check_suite,
    installation,
    issue_comment,
    pull_request,
    push,
    repository,
)
from bot.routing import Router

ROUTER = Router(
    pull_request.router,
    check_suite.router,
    check_run.router,
    push.router,
    issue_comment.router,
    installation.router,
    repository.router,
)

__all__ = ["ROUTER"]
