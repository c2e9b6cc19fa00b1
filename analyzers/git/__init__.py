"""The git-aware audit: commits, history, branch tips and pull requests, from git objects only.

Public entry points (see `api.py`): `audit_commit`, `audit_commits` (base vs head),
`audit_history`, `audit_branches`, `audit_repository`; `tree.GitTree` (a commit as a
`SourceTree`), `repository.GitRepository`; git itself runs through `analyzers.files.runner.run_git`.
"""
