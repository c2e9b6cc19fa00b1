"""Bytes in: source trees (a folder or a git commit), parsing, module loading, config, markers."""
