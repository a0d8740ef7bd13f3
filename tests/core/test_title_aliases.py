"""A daily note's "Car" section never names the car; the car's own note is titled with
it, and a question naming the car is asked of that section too."""

from __future__ import annotations

import dataclasses

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

DAY = (
    "## Car\n- Check engine light came on. Free code read at the parts store: **P0420** — "
    '"Catalyst System Efficiency Below Threshold (Bank 1)".'
)
QUOTE = 'Free code read at the parts store: **P0420** — "Catalyst System Efficiency Below'
CAR = "# Car — 2014 Subaru Forester\n\nShop: Hal's Auto on Division St.\n"
QUESTION = "What does code P0420 mean on the Forester?"


def passage(text: str, file: str, heading: tuple[str, ...], rank: int) -> Passage:
    source = ChunkSource(file, heading, 1, 3)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


def failed(passages: tuple[Passage, ...]) -> list[str]:
    decision = check_quote(QUESTION, True, QUOTE, 1, Prompt((), passages, (), 0), None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


def test_a_name_another_passage_titles_the_section_with() -> None:
    day = passage(DAY, "journal/2024-11-19.md", ("2024-11-19", "Car"), 1)
    car = passage(CAR, "money/car-repairs.md", ("Car — 2014 Subaru Forester",), 2)
    assert failed((day, car)) == []


def test_a_name_no_title_gives_the_section_is_still_missing() -> None:
    day = passage(DAY, "journal/2024-11-19.md", ("2024-11-19", "Car"), 1)
    assert failed((day,)) == ["question_terms_present"]
    # a title naming the Forester beside no word of the section's heading
    boat = passage(
        "# Boat — Forester 460\n\nMoored at Pier 3.\n", "boat.md", ("Boat — Forester 460",), 2
    )
    assert failed((day, boat)) == ["question_terms_present"]


def test_a_shared_section_name_under_other_titles_aliases_nothing() -> None:
    """Two incidents' "Impact" sections: the failover incident's title names Postgres, and
    the TLS incident's impact is no answer about the failover."""
    tls = passage(
        "## Impact\n- p99 authorisation latency went from 310 ms to 2,850 ms.\n",
        "incidents/tls.md",
        ("INC-4 — Card authorisations failing with TLS errors", "Impact"),
        1,
    )
    failover = passage(
        "## Impact\n- Writes unavailable for 4 min.\n",
        "incidents/failover.md",
        ("INC-19 — Ledger Postgres primary failover", "Impact"),
        2,
    )
    quote = "p99 authorisation latency went from 310 ms to 2,850 ms."
    question = "What was the p99 latency during the ledger Postgres failover?"
    decision = check_quote(question, True, quote, 1, Prompt((), (tls, failover), (), 0), None, 0.45)
    assert [c.name for c in decision.checks if not c.passed] == ["question_terms_present"]


TAX = "# Council tax — cottage (Tigh Beag)\n\nNorth Ayrshire Council.\n\n- Band: **C**"
LETTING = "## Letting\nBooked through the website; about 20 weeks a year."
LEAD = "Tigh Beag, 2 Shore Row, Pirnmill, Isle of Arran."


def band_failed(passages: tuple[Passage, ...]) -> list[str]:
    question = "Which council tax band is the Arran cottage in?"
    prompt = Prompt((), passages, (), 0)
    decision = check_quote(question, True, "Band: **C**", 1, prompt, None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


def test_a_name_the_opening_of_the_things_own_note_gives() -> None:
    """The council tax note never says Arran; the cottage's overview, whose title's words
    all stand in the tax note's heading, opens with it."""
    tax = passage(
        TAX, "Cottage/Council tax (cottage).md", ("Council tax — cottage (Tigh Beag)",), 1
    )
    overview = dataclasses.replace(
        passage(LETTING, "Cottage/Cottage overview.md", ("Tigh Beag — overview", "Letting"), 2),
        note_lead=LEAD,
    )
    assert band_failed((tax, overview)) == []
    # a note whose title is not the tax note's subject says nothing about it
    other = dataclasses.replace(
        passage(LETTING, "Trips/Arran.md", ("Weekend on Arran — overview", "Letting"), 2),
        note_lead="Ferry from Ardrossan to Arran.",
    )
    assert band_failed((tax, other)) == ["question_terms_present"]
    assert band_failed((tax,)) == ["question_terms_present"]


def test_a_section_naming_another_of_the_kind_is_no_alias() -> None:
    """The heading "Teatro San Procolo" shares "Teatro" with "Cinema Teatro Galliera" but
    names another theatre: its capacity is no answer about the Galliera's."""
    san_procolo = passage(
        "## Dati generali\n| Voce | Valore |\n|---|---|\n| Capienza | 180 posti |",
        "tecnica/scheda-tecnica-san-procolo.md",
        ("Scheda tecnica – Teatro San Procolo", "Dati generali"),
        1,
    )
    galliera = passage(
        "# Proposta data – Cinema Teatro Galliera\nTelefonata con il gestore, 08/10/2024.",
        "tournee/galliera-proposta.md",
        ("Proposta data – Cinema Teatro Galliera",),
        2,
    )
    question = "quanti posti ha il Cinema Teatro Galliera?"
    prompt = Prompt((), (san_procolo, galliera), (), 0)
    decision = check_quote(question, True, "| Capienza | 180 posti |", 1, prompt, None, 0.45)
    assert [c.name for c in decision.checks if not c.passed] == ["question_terms_present"]


def test_a_code_and_its_name_under_a_dash_still_alias() -> None:
    """The heading "ASH — Ashby Brook at Fennick Farm" gives the site's code its name; a
    field day's "ASH + TLW" section is about Ashby Brook."""
    day = passage(
        "## Readings\n| Site | DO (mg/L) |\n|---|---|\n| ASH | 9.8 |",
        "fieldwork/2024-06-11.md",
        ("Field day 11 Jun 2024 — ASH + TLW", "Readings"),
        1,
    )
    site = passage(
        "# ASH — Ashby Brook at Fennick Farm\nGrid ref SK 123 456.",
        "sites/ash.md",
        ("ASH — Ashby Brook at Fennick Farm",),
        2,
    )
    question = "What was the dissolved oxygen at Ashby Brook on 11 June 2024?"
    prompt = Prompt((), (day, site), (), 0)
    decision = check_quote(question, True, "| ASH | 9.8 |", 1, prompt, None, 0.45)
    assert "question_terms_present" not in [c.name for c in decision.checks if not c.passed]


REMARKS = "## Remarques\n- **22 avril 1895**, Sainte-Cunégonde: Hervé and Éliza, both of the parish"
RECORD = "> entre Hervé Le Bihan, journalier, et Éliza Gagnon, fille mineure de Narcisse Gagnon"
MARRIAGE = ("Nancy — Hervé's marriage record", "Remarques")


def marriage_failed(passages: tuple[Passage, ...], question: str) -> list[str]:
    prompt = Prompt((), passages, (), 0)
    decision = check_quote(question, True, "**22 avril 1895**", 1, prompt, None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


def test_a_surname_another_section_of_the_note_gives_with_the_first_name() -> None:
    remarks = passage(REMARKS, "correspondance/nancy-2022-01.md", MARRIAGE, 1)
    record = passage(RECORD, "correspondance/nancy-2022-01.md", MARRIAGE[:1], 2)
    question = "On what date did Hervé marry Éliza Gagnon?"
    assert marriage_failed((remarks, record), question) == []
    assert marriage_failed((remarks,), question) == ["question_terms_present"]
    # the full name in another note is someone else's business
    elsewhere = passage(RECORD, "archives/another-marriage.md", ("Another marriage",), 2)
    assert marriage_failed((remarks, elsewhere), question) == ["question_terms_present"]
    # a first name the quoted passage never writes vouches for no one
    other = "On what date did Hervé marry Adèle Gagnon?"
    assert marriage_failed((remarks, record), other) == ["question_terms_present"]
    # a first name is written with its capital: "la pierre tombale" names no Pierre
    stone = passage(f"{REMARKS}\n- la pierre tombale est lisible", MARRIAGE[0], MARRIAGE, 1)
    pierre = passage("Pierre Gagnon, témoin", MARRIAGE[0], MARRIAGE[:1], 2)
    asked = "On what date did Hervé marry, with Pierre Gagnon as witness?"
    assert marriage_failed((stone, pierre), asked) == ["question_terms_present"]
