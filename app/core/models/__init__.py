"""Models: the embedder and generator ports, their adapters, and where their files come from."""
