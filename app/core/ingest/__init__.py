"""Ingest: walk a notes folder, parse each note into headed sections, cut chunks."""
