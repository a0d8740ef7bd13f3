"""Shared basics every layer uses: typed scores, text folding and tokens, progress."""
