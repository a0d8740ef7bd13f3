"""Shapes of an allotment association's notes, with scripted model replies: a question
answered after an arrow in a checklist, a place given by what it stands next to, a fine
whose old amount stands beside the new one, a person's own full name for who follows
them, and a count of leaks for an amount of kWh."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.core.index.store import NoteIndex
from tests.core.scripted_cases import Case, G, Q, R, case_id, check_case, notes_index

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
