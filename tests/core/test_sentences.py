"""Sentences end at a stop, not at an abbreviation or a day's ordinal dot: "am 15.
Februar" is one sentence, so the check that a sentence states the asked date reads the
day beside the words that say what it is the day of."""

from __future__ import annotations

import pytest

from app.core.basics.sentences import sentences


@pytest.mark.parametrize(
    "text",
    [
        "- Normalerweise per SEPA am 15. Februar, siehe [[sepa-lastschrift]]",
        "Zähler im Keller, 3. von links",
        "- 08.01.2025 ca. 21:00 Uhr: kein warmes Wasser",
        "Termin bei Dr. Weber am 2. Mai",
        "Use a flag, e.g. Foo, when it hangs",
        "Consulta com a Dra. Ana no dia 3 de maio",
    ],
)
def test_one_sentence_however_many_dots(text: str) -> None:
    assert sentences(text) == [text]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I was 12. Then I left.", ["I was 12.", "Then I left."]),
        ("It costs 5 €. Mai ist gut.", ["It costs 5 €.", "Mai ist gut."]),
        ("Done! Next? Yes.", ["Done!", "Next?", "Yes."]),
        (
            "Restart it. The code is 42. Ring Anna.",
            ["Restart it.", "The code is 42.", "Ring Anna."],
        ),
    ],
)
def test_sentences_still_end_at_their_stops(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected
