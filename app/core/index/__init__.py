"""The index: the manifest (source of truth), vectors, BM25, updates, watching, retrieval."""
