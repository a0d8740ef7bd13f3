from __future__ import annotations

import pytest

from app.core.index.near_copies import near_copy

TREE = "```\nprompt-lab/\n├── {name}      # this file\n├── chat.py       # the chat loop\n```"


def test_a_copy_that_names_its_own_file_is_a_near_copy() -> None:
    assert near_copy(TREE.format(name="BUILD-LOG.md"), TREE.format(name="NOTES.md"))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("The port is 8443.", "The port is 9443."),
        ("The guest network is isolated.", "The guest network is not isolated."),
        ("Primary Ravi, secondary Kasia.", "Primary Kasia, secondary Ravi."),
        ("A prova é em 3 de maio.", "A prova é em 3 de junho."),
        ("Backups go to nas1.lan nightly.", "Backups go to nas2.lan nightly."),
        ("Compress with zstd, see notes.md.", "Compress with gzip, see notes.md."),
    ],
)
def test_any_other_difference_is_another_fact(one: str, other: str) -> None:
    assert not near_copy(one, other)


CARD = "# Wildwood Flowers{number}\n\nCategory: Florist\nContact: Bea Lindqvist\nDeposit: 25%"


def test_a_duplicated_notes_copy_number_is_set_aside_between_files_only() -> None:
    """A note duplicated in an editor is titled "Wildwood Flowers (1)": between two files
    that number is the copy's name; in one note, "Round (1)" and "Round (2)" are two."""
    copy, original = CARD.format(number=" (1)"), CARD.format(number="")
    assert near_copy(copy, original, copy_numbers=True)
    assert not near_copy(copy, original)
    assert not near_copy("## Round (1)\nx", "## Round (2)\nx")
    changed = copy.replace("Bea Lindqvist", "Jess Amadi")
    assert not near_copy(changed, original, copy_numbers=True)
