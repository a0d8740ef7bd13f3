"""The pure core of asknotes, in layers that import only downward:

basics → ingest → models → index → verdict → answer → evals → session.

Nothing here imports Textual or click; both front ends call `app.core.session`.
"""
