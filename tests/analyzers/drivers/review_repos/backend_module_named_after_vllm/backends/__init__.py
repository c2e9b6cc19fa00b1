"""Evaluation backends, one module per serving library."""
