"""A quote that says the asked value is not known yet is no answer, whatever stands beside it."""

from __future__ import annotations

import pytest

from app.core.basics.pending import says_pending


@pytest.mark.parametrize(
    "line",
    [
        "2 h written exam, time and room TBC by Registry",
        "door gasket replaced 20 Aug | invoice to follow",
        "Check-out: non c'è scritto nella conferma, chiedere al check-in",
        "Controllo: richiamano loro per fissare il prossimo, non ci hanno ancora chiamato.",
        "- dopo settembre 2025: da ridiscutere con Federica",
        "Balkontür zieht → gemeldet am 02.06.2025, noch kein Termin",
        "Date du prochain concert : pas encore fixée",
        "Fecha de la revisión: por confirmar",
        "Reunião com o síndico: data a definir",
        "Search indexing lag write-up still not done.",
    ],
)
def test_a_line_saying_the_value_is_not_known_yet(line: str) -> None:
    assert says_pending(line)


@pytest.mark.parametrize(
    "line",
    [
        "Check-in 15:00-19:00, reception closes at 20:00.",
        "No dogs allowed in the flat.",
        "Il treno parte alle 18:05 dal binario 4.",
        "Kein Parkplatz am Haus, nur in der Seitenstraße.",
        "Le plombier n'est pas venu le 3 mars.",
    ],
)
def test_a_line_stating_a_fact_or_a_plain_negation(line: str) -> None:
    assert not says_pending(line)
