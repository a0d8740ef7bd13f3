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
