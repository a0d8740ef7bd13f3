"""The pure core: ingest, chunk, embed, index, retrieve. No Textual, no click."""
