from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.ingest.split import split_spans


def word_length_at(text: str, pos: int) -> int:
    """The length of the run of non-space characters around the boundary at `pos`."""
    start = pos
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    end = pos
    while end < len(text) and not text[end].isspace():
        end += 1
    return end - start


def check_invariants(text: str, max_chars: int, overlap: int, spans: list[tuple[int, int]]):
    starts = [a for a, _ in spans]
    assert starts == sorted(set(starts)), "every piece must start after the previous one"
    covered = [False] * len(text)
    for a, b in spans:
        assert a < b
        assert b - a <= max_chars, f"piece {a}:{b} is longer than {max_chars}"
        # Only a word longer than a whole piece may be cut.
        if a > 0 and not text[a - 1].isspace():
            assert word_length_at(text, a) > max_chars, f"piece starts mid-word at {a}"
        if b < len(text) and not text[b].isspace():
            assert word_length_at(text, b) > max_chars, f"piece ends mid-word at {b}"
        for i in range(a, b):
            covered[i] = True
    missing = [i for i, c in enumerate(text) if not c.isspace() and not covered[i]]
    assert not missing, f"characters lost at {missing[:5]}"


@pytest.mark.parametrize(
    ("text", "max_chars"),
    [
        ("x" * 2000, 100),
        ("a " * 1000, 100),
        ("word " * 10 + "y" * 500 + " tail", 120),
        ("", 100),
        ("   \n\n  ", 100),
        ("short text", 100),
    ],
)
def test_edge_cases(text: str, max_chars: int) -> None:
    spans = split_spans(text, max_chars, 20)
    check_invariants(text, max_chars, 20, spans)


def test_a_word_longer_than_a_piece_is_cut_at_the_limit() -> None:
    text = "x" * 2000
    assert split_spans(text, 100, 20) == [(i, i + 100) for i in range(0, 2000, 100)]


def test_a_long_word_is_not_cut_between_a_letter_and_its_accent() -> None:
    text = "e\u0301" * 100  # 200 characters: e + combining acute, a hundred times
    spans = split_spans(text, 51, 0)
    assert all(not text[a].startswith("\u0301") for a, _ in spans)
    assert "".join(text[a:b] for a, b in spans) == text


def test_a_multi_megabyte_line_makes_pieces_no_longer_than_the_limit() -> None:
    text = "ab" * 1_000_000
    spans = split_spans(text, 1000, 150)
    assert max(b - a for a, b in spans) == 1000
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(b1 == a2 for (_, b1), (a2, _) in zip(spans, spans[1:], strict=False))


def test_a_fence_is_cut_at_whitespace_rather_than_a_word_when_nothing_else_fits() -> None:
    fenced = "```\n" + "w " * 26 + "w```"  # 60 characters: it fits in a piece on its own
    text = "x" + fenced + " tail"  # but the first window ends one character before it does
    spans = split_spans(text, 60, 0, [(1, 1 + len(fenced))])
    check_invariants(text, 60, 0, spans)
    assert text[spans[0][1]].isspace()


def test_prefers_paragraph_break() -> None:
    first = "First paragraph sentence one. Sentence two is here."
    second = "Second paragraph is separate and goes on for a while longer than that."
    text = f"{first}\n\n{second}"
    spans = split_spans(text, len(first) + 20, 0)
    assert text[spans[0][0] : spans[0][1]] == first


def test_prefers_sentence_end_over_whitespace() -> None:
    text = "Alpha beta gamma delta. Epsilon zeta eta theta iota kappa lambda mu nu xi omicron."
    spans = split_spans(text, 50, 0)
    assert text[spans[0][0] : spans[0][1]] == "Alpha beta gamma delta."


def test_overlap_repeats_the_end_of_the_previous_piece() -> None:
    text = " ".join(f"Sentence number {i} ends here." for i in range(40))
    spans = split_spans(text, 200, 60)
    for (a1, b1), (a2, _) in zip(spans, spans[1:], strict=False):
        assert a2 < b1, "pieces should overlap"
        assert a2 > a1


def test_fenced_block_that_fits_is_not_cut() -> None:
    prose = "Intro line that talks about the code below in some detail.\n\n"
    code = "```\n" + "\n".join(f"line {i} of code" for i in range(8)) + "\n```"
    text = prose + code + "\n\nAfter the code there is more prose to read."
    fence = (len(prose), len(prose) + len(code))
    spans = split_spans(text, 160, 30, [fence])
    for a, b in spans:
        assert not (a < fence[0] < b < fence[1]), "fence cut at its end"
        assert not (fence[0] < a < fence[1] and b > fence[1]), "fence cut at its start"
    assert any(a <= fence[0] and b >= fence[1] for a, b in spans)


SURROGATES: list[Literal["Cs"]] = ["Cs"]
words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=SURROGATES), max_size=30)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(words, st.sampled_from([" ", "\n", "\n\n", ". ", "x" * 300])), max_size=60),
    st.integers(min_value=20, max_value=400),
    st.integers(min_value=0, max_value=200),
)
def test_property_never_mid_word_always_advances(parts, max_chars, overlap) -> None:
    text = "".join(parts)
    spans = split_spans(text, max_chars, overlap)
    check_invariants(text, max_chars, overlap, spans)
