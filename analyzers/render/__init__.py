"""Renderers of a `Report`: each is a pure function from the report to text."""
