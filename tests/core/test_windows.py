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


def test_the_heading_is_left_out_and_the_answer_under_the_introduction_kept() -> None:
    text = (
        "# Mouse support in vim\n\n"
        "I wanted mouse support in vim so I could scroll and click to move around a file "
        "without reaching for the arrow keys all the time while reviewing long diffs.\n\n"
        "Add this line to your vimrc:\n\n```vim\nset mouse=a\n```\n\n"
        f"{FILLER}"
    )
    window = passage_window("How do I turn on mouse support in vim?", text, 400)
    assert "set mouse=a" in window
    assert not window.startswith("#"), "the fence already names the section"
    assert len(window) <= 400


def test_a_long_table_is_cut_around_the_row_that_answers() -> None:
    rows = "\n".join(f"| bin {i} | every other week | street {i} |" for i in range(40))
    last = "| garden waste | £64 a year | Friday |"
    text = f"| bin | when | where |\n| --- | --- | --- |\n{rows}\n{last}"
    window = passage_window("How much do we pay for the garden waste collection?", text, 300)
    assert "£64 a year" in window and len(window) <= 300


def test_a_sentence_stating_the_asked_kind_of_value_wins_a_tie() -> None:
    text = (
        "In March the gas meter box by the bins got stuck; the key is on the hook by the "
        "back door.\n\n"
        f"{FILLER}\n\n- 1 March, gas meter: 7421.6\n\n{FILLER}"
    )
    window = passage_window("How much did the gas meter read in March?", text, 300)
    assert "7421.6" in window
