"""A question's names read the way notes of the folder's other languages write them."""

from __future__ import annotations

from app.core.basics.names_across import name_tokens, other_languages


def test_only_languages_enough_notes_are_written_in_count() -> None:
    assert other_languages({"en": 47, "pt": 21, "it": 1}, "en") == ("pt",)
    assert other_languages({"en": 47, "pt": 21}, "pt") == ("en",)
    assert other_languages({"en": 577}, "en") == ()
    assert other_languages({"en": 100, "de": 3}, "en") == ()  # under one in twenty


def test_names_and_months_take_the_other_languages_tokens() -> None:
    tokens = name_tokens("What flight are we taking to Ponta Delgada in June?", "en", ["pt"])
    assert tokens == ["pont", "delg", "junh"]  # not "flight", "taking": no names
    assert name_tokens("quanto paguei de luz em fevereiro", "pt", ["de"]) == ["februar"]
    # a question word, stopped in the question's language, adds nothing
    assert name_tokens("Where is it?", "en", ["pt"]) == []
    assert name_tokens("Ponta Delgada", "en", []) == []
