"""The lean prompt's passage windows."""

from __future__ import annotations

from app.core.answer.windows import passage_window

FILLER = " ".join(f"Sentence {i} talks about the weather and other things." for i in range(30))
LONG = (
    f"{FILLER}\n\nPrune the old snapshots with this command:\n\n```sh\n"
    f"restic forget --keep-monthly 12\n```\n\n{FILLER}"
)


def test_a_short_passage_is_shown_whole() -> None:
    assert passage_window("anything?", "Short text. Two sentences.", 500) == (
        "Short text. Two sentences."
    )
    assert passage_window("anything?", LONG, 0) == LONG


def test_a_long_passage_keeps_the_matching_sentence_and_its_code_block() -> None:
    window = passage_window("How do I prune old snapshots?", LONG, 400)
    assert "Prune the old snapshots with this command:" in window
    assert "restic forget --keep-monthly 12" in window
    assert len(window) < len(LONG) // 3


def test_the_window_is_cut_to_size_on_word_boundaries() -> None:
    text = " ".join(f"word{i}" for i in range(400)) + " the boiler was serviced in May."
    window = passage_window("When was the boiler serviced?", text, 200)
    assert len(window) <= 200
    assert window.split()[0].startswith("word") and "boiler" in window


def test_no_shared_word_shows_the_start() -> None:
    window = passage_window("zzz?", LONG, 120)
    assert LONG.startswith(window) and len(window) <= 120
