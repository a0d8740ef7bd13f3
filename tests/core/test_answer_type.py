"""What a question asks for, and whether a sentence states it: the people case."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_type import AnswerType, asked_type, states


@pytest.mark.parametrize(
    ("sentence", "names_someone"),
    [
        ("The boiler was serviced by Marta Ruiz.", True),
        ("The plumber this year was Marco.", True),  # "marco" is also March, folded
        ("It was fixed by June and her brother.", True),  # a name, not a date here
        ("The exam is on 12 June in room B-204.", False),  # a date and a room code
        ("The bins go out on Sunday after dinner.", False),
        ("A prova é no dia 12 de junho, às 14h, na sala B-204.", False),
        ("Last checked on Fri 12 Jun by the landlord.", False),
    ],
)
def test_a_person_is_a_name_not_a_code_or_a_date(sentence: str, names_someone: bool) -> None:
    assert asked_type("Who fixed it?") is AnswerType.PERSON
    assert states(sentence, AnswerType.PERSON) is names_someone


def test_a_room_code_is_still_a_place() -> None:
    assert states("The exam is in room B-204.", AnswerType.PLACE)
