from __future__ import annotations

import json

import pytest

from app.core.answer.json_stream import CitationStripper, FieldStreamer, strip_citations


@pytest.mark.parametrize("size", [1, 2, 3, 7, 100])
def test_field_streamer_decodes_escapes_split_across_pieces(size: int) -> None:
    answer = 'Line "one"\nthen \\ and é and \u00e9 [2].'
    doc = json.dumps({"found": True, "quote": 'x "q"', "passage": 1, "answer": answer})
    field = FieldStreamer("answer")
    out = "".join(field.feed(doc[i : i + size]) for i in range(0, len(doc), size))
    assert out == answer and field.done and field.value == answer


def test_field_streamer_before_the_field_yields_nothing() -> None:
    field = FieldStreamer("answer")
    assert field.feed('{"found": true, "quote": "answer') == ""
    assert not field.done


@pytest.mark.parametrize("size", [1, 2, 5])
def test_citation_stripper(size: int) -> None:
    text = "Use 8123 [5] and then 443 [12]. Done [1]."
    stripper = CitationStripper()
    out = "".join(stripper.feed(text[i : i + size]) for i in range(0, len(text), size))
    assert out + stripper.flush() == "Use 8123 and then 443. Done."
    assert strip_citations("Keep [x] brackets [3]") == "Keep [x] brackets"
