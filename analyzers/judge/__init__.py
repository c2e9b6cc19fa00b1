"""From an interpreted run's trace to one verdict: replay per engine lifetime, then decide."""
