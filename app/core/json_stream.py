"""Read one string field out of a JSON document while it is still being generated."""

from __future__ import annotations

import json
import re


class FieldStreamer:
    """Feed raw JSON pieces; get back the newly decoded characters of one string field."""

    def __init__(self, field: str) -> None:
        self._start = re.compile(rf'"{re.escape(field)}"\s*:\s*"')
        self._raw = ""
        self._emitted = 0
        self._begin: int | None = None
        self.done = False
        self.value = ""  # the field's decoded text so far

    def feed(self, piece: str) -> str:
        self._raw += piece
        if self.done:
            return ""
        if self._begin is None:
            match = self._start.search(self._raw)
            if match is None:
                return ""
            self._begin = match.end()
        body = self._raw[self._begin :]
        end = _closing_quote(body)
        if end is not None:
            body = body[:end]
            self.done = True
        decoded = _decode_prefix(body)
        self.value = decoded
        new = decoded[self._emitted :]
        self._emitted = len(decoded)
        return new


def _closing_quote(body: str) -> int | None:
    escaped = False
    for i, ch in enumerate(body):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            return i
    return None


def _decode_prefix(body: str) -> str:
    """Decode a JSON string body that may end inside an escape sequence."""
    for cut in range(len(body), max(len(body) - 6, -1), -1):
        try:
            return str(json.loads(f'"{body[:cut]}"'))
        except json.JSONDecodeError:
            continue
    return ""


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
