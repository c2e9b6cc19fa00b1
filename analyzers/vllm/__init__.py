"""Everything true of vLLM and nothing else: its API table, cache, server, releases and fixes."""
