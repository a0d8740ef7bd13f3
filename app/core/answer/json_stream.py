"""Read one string field out of a JSON document while it is still being generated."""

from __future__ import annotations

import re

from pydantic_core import from_json


class FieldStreamer:
    """Feed raw JSON pieces; get back the newly decoded characters of one string field.

    pydantic-core's partial parser reads the unfinished document: in `trailing-strings`
    mode it returns an open string decoded so far (dropping a half-received escape), and
    in plain partial mode it drops an open string, which tells a finished field apart.
    """

    def __init__(self, field: str) -> None:
        self.field = field
        self._raw = ""
        self._emitted = 0
        self.done = False
        self.value = ""  # the field's decoded text so far

    def feed(self, piece: str) -> str:
        self._raw += piece
        if self.done or not self._raw.strip():
            return ""
        try:
            partial = from_json(self._raw, allow_partial="trailing-strings")
        except ValueError:
            return ""  # not a JSON object (yet); the final parse reports it
        value = partial.get(self.field) if isinstance(partial, dict) else None
        if not isinstance(value, str):
            return ""
        finished = from_json(self._raw, allow_partial=True)
        self.done = isinstance(finished, dict) and self.field in finished
        self.value = value
        new = value[self._emitted :]
        self._emitted = len(value)
        return new


class CitationStripper:
    """Remove `[n]` markers from streamed text, holding back a marker until it closes."""

    _MARKER = re.compile(r"\s*\[\d{1,3}\]")

    def __init__(self) -> None:
        self._pending = ""

    def feed(self, piece: str) -> str:
        text = self._pending + piece
        cut = _open_marker_start(text)
        self._pending = text[cut:]
        return self._MARKER.sub("", text[:cut])

    def flush(self) -> str:
        rest, self._pending = self._pending, ""
        return self._MARKER.sub("", rest)


def _open_marker_start(text: str) -> int:
    """Where a possibly unfinished `[digits`, or trailing space and end punctuation, begins.

    Final punctuation is held back so the citation can go before it: "8123 [1]."
    """
    match = re.search(r"\s*\[\d{0,3}$|[\s.!?]+$", text)
    return match.start() if match else len(text)


def strip_citations(text: str) -> str:
    stripper = CitationStripper()
    return (stripper.feed(text) + stripper.flush()).strip()
