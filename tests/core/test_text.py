from __future__ import annotations

import re

import pytest

from app.core.basics.text import content_words, fold, lexical_tokens, normalize_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What does ERR-4012 mean?", {"err-4012", "err", "4012"}),
        ("ls -l shows sizes", {"-l", "ls"}),
        ("_csv.Error: field larger", {"_csv.error", "csv", "error"}),
        ("git log -S needle", {"-s", "git", "log", "needl"}),
        ("snake_case_name", {"snake_case_name", "snake", "case", "name"}),
    ],
)
def test_compound_terms_are_kept_whole_and_in_parts(text: str, expected: set[str]) -> None:
    assert expected <= set(lexical_tokens(text))


def test_hyphenated_prose_inside_words_is_not_a_flag() -> None:
    tokens = lexical_tokens("a well-known tool")
    assert "well-known" in tokens and "-known" not in tokens


def test_stop_words_dropped_and_words_stemmed() -> None:
    assert lexical_tokens("The backups were running") == ["backup", "run"]


@pytest.mark.parametrize(
    ("note", "question"),
    [("Pastéis de nata at Café Lisboa", "pasteis de nata cafe lisboa"), ("NAÏVE", "naive")],
)
def test_case_and_accents_fold_identically(note: str, question: str) -> None:
    assert lexical_tokens(note) == lexical_tokens(question)


def test_greek_letters_are_tokens() -> None:
    assert "σ" in lexical_tokens("with σ = 5.670")
    assert "σ" in content_words("σ value")
    assert lexical_tokens("Λόγος") == lexical_tokens("λογος")


def test_normalize_text_nfc_and_newlines() -> None:
    decomposed = "Cafe\u0301\r\nnext"
    assert normalize_text(decomposed) == "Caf\u00e9\nnext"
    assert fold("ÉCOLE") == "ecole"


@pytest.mark.parametrize(
    ("text", "day_month"),
    [
        ("28.03.2025", "28.03"),
        ("am 1.2.25", "01.02"),
        ("14/03/2024", "14/03"),
        ("28.3", "28.03"),
    ],
)
def test_a_date_also_gives_its_day_and_month(text: str, day_month: str) -> None:
    assert day_month in lexical_tokens(text, "de")


def test_versions_give_no_day_and_month_and_iso_dates_give_theirs() -> None:
    assert "01.02" not in lexical_tokens("Python 1.2.3", "en")
    assert "03.14" not in lexical_tokens("2024-03-14", "en")
    assert "14.03" in lexical_tokens("2024-03-14", "en")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("| Sat 12 Apr | 15:00–19:00 |", "en"),
        ("rehearsal on Saturday 12 April?", "en"),
        ("April 12th", "en"),
        ("on the 12th of April", "en"),
        ("12/04/2025", "it"),
        ("2025-04-12", "en"),
        ("sabato 12 aprile", "it"),
        ("el 12 de abril", "es"),
        ("am 12. April", "de"),
        ("le 12 avril", "fr"),
        ("dia 12 de abr.", "pt"),
    ],
)
def test_a_day_and_month_are_one_token_however_written(text: str, language: str) -> None:
    assert "12.04" in lexical_tokens(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("3 out of 5 tickets", "en"),  # "out" is October in Portuguese only
        ("a set of 4 strings", "en"),
        ("April 2025", "en"),  # a month and a year: no day
        ("room 12, April's desk", "en"),  # the comma parts them
        ("45 April", "en"),
    ],
)
def test_no_date_token_without_a_day_beside_a_month(text: str, language: str) -> None:
    assert not [t for t in lexical_tokens(text, language) if re.fullmatch(r"\d\d\.\d\d", t)]
