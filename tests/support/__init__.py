"""Real-process helpers shared by the test suite: ports, a private Redis, git repositories."""
