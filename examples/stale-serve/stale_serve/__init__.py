"""Shared helpers for the stale-serve experiments."""
