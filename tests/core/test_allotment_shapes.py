"""Shapes of an allotment association's notes, with scripted model replies: a question
answered after an arrow in a checklist, a place given by what it stands next to, a fine
whose old amount stands beside the new one, a person's own full name for who follows
them, and a count of leaks for an amount of kWh."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.core.answer.answering import answer_question
from app.core.answer.result import AnswerKind
from app.core.index.fusion import RetrievalSettings
from app.core.index.store import NoteIndex
from tests.core.scripted_cases import OPEN, Case, G, Q, R, case_id, check_case, notes_index
from tests.fakes import ReadingGenerator, scripted_reply

NOTES = {
    "graham/questions.md": (
        "# Questions for the secretary\n\n"
        "- [x] Is my shed insured through the club? → No! Need to sort my own.\n"
        "- [ ] Can I keep bees on the plot?\n"
    ),
    "gebouw/clubhouse-rules.md": (
        "# Clubhouse rules\n\n## Safety\n\nThe defibrillator is outside, next to the front door.\n"
    ),
    "bestuur/notulen-2025-03.md": (
        "# Notulen maart 2025\n\n## Werkbeurten\n\n"
        "- Boete gemiste werkbeurt wordt € 30,00 (was € 25,00). Aangenomen, 3 tegen.\n\n"
        "## Kantine\n\nCorrie Jacobs stopt na dit seizoen als kantinebeheerder.\n\n"
        "## Clubhuis\n\nEr waren twee lekkages (tuin 9 en bij de hoofdleiding achter het "
        "clubhuis).\n"
    ),
}

SHED = "→ No! Need to sort my own."
DEFIBRILLATOR = "The defibrillator is outside, next to the front door."
FINE = "Boete gemiste werkbeurt wordt € 30,00 (was € 25,00)."
FINE_ASKED = "Hoeveel boete krijg je tegenwoordig bij een gemiste werkbeurt?"
CORRIE = "Corrie Jacobs stopt na dit seizoen als kantinebeheerder."
LEAKS = "Er waren twee lekkages (tuin 9 en bij de hoofdleiding achter het clubhuis)."

# question, quote, answer, outcome, the check that decides it, text that must never show
CASES: list[Case] = [
    # the checklist's own question names what the answer after its arrow is about
    ("Is the shed on my own plot covered by the club's insurance?", SHED,
     "No, you need to sort your own [1].", G, None, None),
    # "outside, next to the front door" is a place
    ("where's the defibrillator?", DEFIBRILLATOR, "Outside, next to the front door [1].", G,
     None, None),
    # the fine today, not the one it replaced
    (FINE_ASKED, FINE, "€ 30,00 [1].", G, None, None),
    (FINE_ASKED, FINE, "€ 25,00 [1].", Q, "current_value", "€ 25,00 [1]"),
    # the one who stops does not follow herself
    ("wie wordt de nieuwe kantinebeheerder als Corrie stopt?", CORRIE, "Corrie Jacobs [1].", Q,
     "answer_states_type", "Corrie Jacobs [1]"),
    # a count of leaks, and a plot's number, are no kWh
    ("hoeveel kWh stroom verbruikt het clubhuis per jaar", LEAKS, "Twee lekkages, tuin 9 [1].",
     R, "answer_type", "Twee lekkages"),
]  # fmt: skip


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NoteIndex]:
    yield from notes_index(tmp_path_factory, "allotment", NOTES)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_scripted_reply_over_allotment_notes(index: NoteIndex, case: Case) -> None:
    check_case(index, case, k=3)


OLD_MINUTES = "Boete voor een gemiste werkbeurt blijft € 25,00."


def test_a_value_another_passage_says_was_replaced_is_not_the_answer(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Last year's minutes keep the old fine; this year's say it was replaced. Quoting
    the old minutes refuses, naming the replacing line; quoting the new one answers."""
    notes = {
        "bestuur/notulen-2024-03.md": f"# Notulen ALV 2024\n\n## Werkbeurten\n\n{OLD_MINUTES}\n",
        "bestuur/notulen-2025-03.md": NOTES["bestuur/notulen-2025-03.md"],
    }
    for index in notes_index(tmp_path_factory, "minutes", notes):
        case = (FINE_ASKED, OLD_MINUTES, "€ 25,00 [1].", R, "quote_is_current", "€ 25,00 [1]")
        check_case(index, case, k=3)
        check_case(index, (FINE_ASKED, FINE, "€ 30,00 [1].", G, None, None), k=3)


def _number(user: str, text: str) -> int:
    """The number of the prompt's passage holding `text`."""
    found = re.findall(r'<passage id="(\d+)"[^>]*>(.*?)</passage>', user, re.DOTALL)
    return next(int(n) for n, body in found if text in body)


def test_a_replaced_value_is_read_again_and_the_current_one_given(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    notes = {
        "bestuur/notulen-2024-03.md": f"# Notulen ALV 2024\n\n## Werkbeurten\n\n{OLD_MINUTES}\n",
        "bestuur/notulen-2025-03.md": NOTES["bestuur/notulen-2025-03.md"],
    }
    for index in notes_index(tmp_path_factory, "reread", notes):
        reading = ReadingGenerator(
            lambda user: scripted_reply(True, OLD_MINUTES, _number(user, "blijft"), "€ 25,00."),
            lambda user: scripted_reply(True, FINE, _number(user, "wordt € 30,00"), "€ 30,00."),
        )
        answer = answer_question(
            index, reading, FINE_ASKED, retrieval=RetrievalSettings(k=3, candidates=20),
            settings=OPEN,
        )  # fmt: skip
        assert answer.kind is AnswerKind.GENERATED, answer.display
        assert "€ 30,00" in answer.text and "25" not in answer.text
        assert any("the first reply failed quote_is_current" in f for f in answer.flags)
