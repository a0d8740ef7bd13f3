from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.ingest.split import split_spans


def check_invariants(text: str, max_chars: int, overlap: int, spans: list[tuple[int, int]]):
    starts = [a for a, _ in spans]
    assert starts == sorted(set(starts)), "every piece must start after the previous one"
    covered = [False] * len(text)
    for a, b in spans:
        assert a < b
        assert a == 0 or text[a - 1].isspace(), f"piece starts mid-word at {a}"
        assert b == len(text) or text[b].isspace(), f"piece ends mid-word at {b}"
        piece = text[a:b]
        if len(piece) > max_chars:
            assert not any(c.isspace() for c in piece), "only a single long word may overflow"
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


def test_no_whitespace_string_is_one_piece_not_cut() -> None:
    text = "x" * 2000
    assert split_spans(text, 100, 20) == [(0, 2000)]


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
