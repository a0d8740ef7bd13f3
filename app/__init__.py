"""asknotes: answer questions from a folder of markdown notes, offline."""

from __future__ import annotations

__version__ = "0.1.0"
