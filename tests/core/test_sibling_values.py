"""A value taken from the element beside the asked thing in an enumeration (loot,
ingredients, a receipt) is not the asked thing's value; the asked thing's own element, a
parent item, a key before a colon and a value shared by the whole list are left alone."""

from __future__ import annotations

import pytest

from app.core.answer.neighbours import neighbour_of_asked
from app.core.answer.quoted_items import siblings
from app.core.answer.sibling_values import value_of_sibling

LOOT = (
    "## Loot\nFrom the lair:\n- 340 gp\n- 3 river pearls (50 gp each)\n- [[Cloak of the Fen]]\n"
    "- a rusted Grey Warden badge (Tamsin gave it back to Ilvane)\n"
)
LOOT_LINE = (
    "- S9 — Bog Warden's lair: 340 gp, 3 river pearls (50 gp each), the [[Cloak of the "
    "Fen]], a rusted Grey Warden badge (returned to Ilvane)"
)


def test_a_list_items_price_is_not_its_siblings() -> None:
    found = value_of_sibling("How much is the Cloak of the Fen worth?", "340 gp", LOOT)
    assert found is not None
    assert "340 gp" in found and "Cloak of the Fen" in found
    assert neighbour_of_asked("How much is the Cloak of the Fen worth?", "340 gp", LOOT)


def test_a_comma_enumerations_price_is_not_its_siblings() -> None:
    quote = LOOT_LINE.removeprefix("- ")
    assert value_of_sibling("How much is the Cloak of the Fen worth?", quote, LOOT_LINE)


def test_an_ingredient_listed_without_its_amount_is_not_given_anothers() -> None:
    recipe = "Dough:\n- flour 500 g\n- salt\n- water 350 g\n- yeast 7 g\n"
    assert value_of_sibling("how much salt goes in the dough?", "water 350 g", recipe)


@pytest.mark.parametrize(
    ("question", "quote", "text"),
    [
        # the asked thing's own element gives the value
        ("How much is a river pearl worth?", "3 river pearls (50 gp each)", LOOT),
        # a parent item names what its children are about
        (
            "how much was the Cadbury World coach?",
            "coach: £412, Johnsons",
            "- Cadbury World trip\n\t- coach: £412, Johnsons\n\t- entry: £9.50 pp\n"
            "\t- packed lunches\n",
        ),
        # the things before a colon share the value after it
        (
            "how much was lunch?",
            "Lunch, dinner and drinks: £45 per person",
            "Lunch, dinner and drinks: £45 per person",
        ),
        # a table row's or a CSV line's cells are fields of one record
        (
            "Leihgebühr Radialschleuder",
            "| Radialschleuder, 20 Waben, elektrisch | 1 | Schleuderraum | 10 € pro Wochenende |",
            "| Gerät | Anzahl | Ort | Gebühr |\n|---|---|---|---|\n"
            "| Radialschleuder, 20 Waben, elektrisch | 1 | Schleuderraum | 10 € pro Wochenende |",
        ),
        (
            "How many reduced-price tickets were sold for Il berretto a sonagli?",
            "2023-11-18;Il berretto a sonagli;Sala Civica Borgo Panigale;52;27;4;840,00",
            "data;titolo;sala;interi;ridotti;omaggi;incasso\n"
            "2023-11-18;Il berretto a sonagli;Sala Civica Borgo Panigale;52;27;4;840,00",
        ),
        # no value is asked for
        ("what did we find in the Bog Warden's lair?", "340 gp", LOOT),
        # the quoted element names the asked thing too
        (
            "how much did the pearls fetch?",
            "pearls fetched 340 gp",
            "- pearls\n- pearls fetched 340 gp\n- badge\n",
        ),
    ],
)
def test_left_alone(question: str, quote: str, text: str) -> None:
    assert value_of_sibling(question, quote, text) is None


MOCKS = (
    "- ## Y11 PPEs (mocks)\n"
    "\t- chem papers\n"
    "\t\t- triple: 8462/1H – Wed 8 Jan am, 1h 45m. 8462/2H – Tue 14 Jan am, 1h 45m\n"
    "\t\t- combined: 8464/C/1F + 1H – Thu 9 Jan pm, 1h 15m\n"
    "\t- grade boundaries to use (triple, both papers, /200): 4 = 82, 5 = 104, 7 = 139\n"
)


def test_an_item_of_another_parent_is_no_sibling_of_the_quoted_one() -> None:
    # "triple papers" in the grade boundaries' item, one level up, is no sibling that
    # goes on with the question where the quoted "triple: 8462/1H – Wed" turns away
    quote = "8462/1H – Wed 8 Jan am, 1h 45m."
    assert neighbour_of_asked("how long is the triple chem paper 1 mock", quote, MOCKS) is None
    assert siblings(
        [line for line in MOCKS.split("\n") if line.strip()],
        "\t\t- combined: 8464/C/1F + 1H – Thu 9 Jan pm, 1h 15m",
    ) == [MOCKS.split("\n")[2], MOCKS.split("\n")[3]]
