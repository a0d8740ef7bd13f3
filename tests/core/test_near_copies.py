from __future__ import annotations

import pytest

from app.core.index.near_copies import near_copy

FILLER = " ".join(["The paragraph goes on long enough to be a chunk of its own."] * 3)


def section(changed: str) -> str:
    return f"The tree holds {changed}, this file. {FILLER}"


@pytest.mark.parametrize(
    ("one", "other"),
    [("BUILD-LOG.md", "NOTES.md"), ("quickly", "slowly"), ("every", "each")],
)
def test_a_copy_that_changed_a_word_naming_no_fact_is_a_near_copy(one: str, other: str) -> None:
    assert near_copy(section(one), section(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("8443", "9443"),  # another number is another fact
        ("Kasia", "Ravi"),  # another name is another fact
        ("port 8443 and quickly", "port 9443 and slowly"),
        ("a b c d e", "f g h i j"),  # too many words changed
    ],
)
def test_a_changed_number_name_or_many_words_is_not_a_near_copy(one: str, other: str) -> None:
    assert not near_copy(section(one), section(other))


def test_short_texts_are_never_near_copies() -> None:
    assert not near_copy("- Log: slept well", "- Log: slept badly")
