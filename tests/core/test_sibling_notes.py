"""Two maintenance notes, two devices: a cost from the electrostimulator's note is not the
ultrasound's, though that note mentions the ultrasound in passing."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

ULTRASOUND = (
    "## Calibracao\n- Tem que calibrar a cada 6 meses\n- Ultima calibracao: 14/02/2025\n"
    "- Quem faz: Eletromedica Pampa"
)
NEUROSTIM = (
    "# Eletroestimulador Neurostim 4C — manutenção\n\nTENS de 4 canais, fica na sala 1 junto "
    "com o ultrassom.\n\n## Manutenção preventiva\n- Última revisão: 22/08/2024\n"
    "- Custo da última revisão: **R$ 280,00** (incluiu troca de 2 cabos)"
)
QUOTE = "Custo da última revisão: R$ 280,00 (incluiu troca de 2 cabos)"
QUESTION = "Quanto custou a última calibração do ultrassom?"


def passage(text: str, file: str, heading: tuple[str, ...], rank: int) -> Passage:
    source = ChunkSource(file, heading, 1, 6)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


def failed(question: str, quote: str, passages: tuple[Passage, ...], cited: int) -> list[str]:
    prompt = Prompt((), passages, (), 0)
    decision = check_quote(question, True, quote, cited, prompt, None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


ultrasound = passage(
    ULTRASOUND,
    "clinica/Ultrassom Ultramed UT3 - manutencao.md",
    ("Ultrassom Ultramed UT3 - manutencao", "Calibracao"),
    1,
)
neurostim = dataclasses.replace(
    passage(
        NEUROSTIM,
        "clinica/Eletroestimulador Neurostim - manutenção.md",
        ("Eletroestimulador Neurostim 4C — manutenção", "Manutenção preventiva"),
        2,
    ),
    note_lead="TENS de 4 canais, fica na sala 1 junto com o ultrassom.",
)


def test_a_value_from_the_note_of_a_sibling_is_not_the_asked_ones() -> None:
    assert failed(QUESTION, QUOTE, (ultrasound, neurostim), 2) == ["not_a_neighbour"]


def test_without_the_siblings_note_the_passing_mention_stands() -> None:
    # no retrieved note is titled with the ultrasound: nothing says the quote is another's
    assert "not_a_neighbour" not in failed(QUESTION, QUOTE, (neurostim,), 1)


def test_a_quote_naming_the_asked_thing_is_its_own() -> None:
    question = "Quanto custou a última revisão do Neurostim?"
    assert failed(question, QUOTE, (ultrasound, neurostim), 2) == []


FLAT = (
    "## Affitto e spese\n- Affitto: € 720,00 al mese, bonifico entro il 10 alla proprietaria\n"
    "- Spese condominiali: circa 65 € al mese"
)
SHOP = "## Dati\n- Canone: € 1.850,00 al mese\n- Deposito cauzionale: tre mensilità (€ 5.550,00)"
flat = passage(
    FLAT, "Personale/Casa - appartamento.md", ("Casa – appartamento", "Affitto e spese"), 1
)
shop = passage(SHOP, "Negozio/Contratto affitto locale.md", ("Contratto affitto locale", "Dati"), 2)
FLAT_RENT = "Affitto: € 720,00 al mese, bonifico entro il 10 alla proprietaria"


def test_a_value_of_another_owner_is_refused_when_the_owners_note_is_retrieved() -> None:
    """The flat's rent is not the shop's: the question names the shop after "per il",
    the flat's passage never does, and a retrieved note is filed under it."""
    question = "Quanto pago ogni mese di affitto per il negozio?"
    assert failed(question, FLAT_RENT, (flat, shop), 1) == ["not_a_neighbour"]
    deposit = "Deposito cauzionale: tre mensilità (€ 5.550,00)"
    asked = "deposito cauzionale versato per l'appartamento di via buniva"
    assert failed(asked, deposit, (flat, shop), 2) == ["not_a_neighbour"]
    assert failed("What's the deposit for the flat?", deposit, (flat, shop), 2) != []


@pytest.mark.parametrize(
    ("question", "passages"),
    [
        # the owner is named in the quote's passage
        ("Quanto pago di affitto per l'appartamento?", (flat, shop)),
        # in other words than the question's, and no retrieved note is titled with it
        ("Quanto pago di affitto per il bilocale?", (flat, shop)),
        # a time, not an owner
        ("Quanto pago di affitto del mese?", (flat, shop)),
    ],
)
def test_an_owner_phrase_leaves_these_alone(question: str, passages: tuple[Passage, ...]) -> None:
    assert failed(question, FLAT_RENT, passages, 1) == []


def test_an_owner_named_in_another_section_of_the_quotes_note_counts() -> None:
    """A worked example under "Exemplo da aula" is the matrix's that "Matriz simétrica",
    another retrieved section of the same note, names."""
    note = "algebra/Autovalores.md"
    example = passage(
        "## Exemplo da aula\nA = [[2, 1], [1, 2]] dá λ = 1 e λ = 3.",
        note,
        ("Autovalores", "Exemplo da aula"),
        1,
    )
    symmetric = passage(
        "## Matriz simétrica\nUma matriz simétrica tem autovalores reais.",
        note,
        ("Autovalores", "Matriz simétrica"),
        2,
    )
    other = passage(
        "## Inversa\nA inversa existe se det ≠ 0.",
        "algebra/Matrizes.md",
        ("Matrizes", "Inversa"),
        3,
    )
    question = "Quais são os autovalores da matriz [[2,1],[1,2]]?"
    quote = "A = [[2, 1], [1, 2]] dá λ = 1 e λ = 3."
    assert "not_a_neighbour" not in failed(question, quote, (example, symmetric, other), 1)
    assert "not_a_neighbour" in failed(question, quote, (example, other), 1)


COTTAGE_BOILER = (
    "# Cottage boiler\n\nVaillant combi, converted to LPG. Installed 2019 (before the "
    "sale). Gas: LPG from the tank behind the shed."
)
FLAT_BOILER = "# Boiler — the flat\n\nWorcester combi, mains gas, in the kitchen cupboard."
cottage_boiler = passage(COTTAGE_BOILER, "Cottage/Boiler.md", ("Cottage boiler",), 1)
flat_boiler = passage(FLAT_BOILER, "Home/Boiler (flat).md", ("Boiler — the flat",), 2)
INSTALLED = "Installed 2019 (before the sale)."


def test_where_the_asked_thing_stands_names_its_owner() -> None:
    """ "The boiler in the flat" is not the cottage's, whose note never names a flat."""
    question = "When was the boiler in the flat installed?"
    both = (cottage_boiler, flat_boiler)
    assert failed(question, INSTALLED, both, 1) == ["not_a_neighbour"]
    assert failed("When was the boiler in the cottage installed?", INSTALLED, both, 1) == []


def test_where_a_question_asks_for_a_place_the_place_named_is_no_owner() -> None:
    rack = passage(
        "# Server rack\n\nEverything lives in the understairs cupboard (hallway).",
        "homelab/Rack.md",
        ("Server rack",),
        1,
    )
    house = passage("# House\n\nBought in 2019, three bedrooms.", "House.md", ("House",), 2)
    quote = "Everything lives in the understairs cupboard (hallway)."
    assert failed("where's the server rack in the house", quote, (rack, house), 1) == []


def test_an_owner_named_with_what_it_is_of_is_named_by_either_word() -> None:
    """ "L'impianto d'allarme" is the alarm's: the till's technician is not its, when the
    alarm's own note is retrieved; the alarm's note, naming "allarme", is its own."""
    till = passage(
        "## 8. Assistenza\nTecnico di riferimento: Sandro. Tel. 011 740 3321.",
        "Negozio/Cassa RT - manuale.md",
        ("Cassa RT – manuale", "8. Assistenza"),
        2,
    )
    alarm = passage(
        "# Allarme – Securtel\n\nCentrale in magazzino. Ultima: 11 marzo 2025, tecnico Paolo.",
        "Negozio/Allarme - Securtel.md",
        ("Allarme – Securtel",),
        1,
    )
    question = "Quale tecnico ha fatto l'ultima manutenzione dell'impianto d'allarme?"
    assert failed(question, "Tecnico di riferimento: Sandro.", (alarm, till), 2) == [
        "not_a_neighbour"
    ]
    assert "not_a_neighbour" not in failed(question, "tecnico Paolo", (alarm, till), 1)


def test_a_passage_in_another_language_names_its_owner_in_its_own_words() -> None:
    """ "The irrigation Raspberry Pi" is the Spanish note's "Raspberry Pi del riego": that
    it never says "irrigation" is no sign it is another's, though an English note about
    the irrigation is retrieved beside it. In the question's language it still is."""
    pi = passage(
        "# Raspberry Pi del riego\n\nLa Pi está en la caja de la caseta del pozo, con una "
        "placa de 8 relés.\n\n- hostname: `regador`\n- IP fija: **192.168.1.47**",
        "riego/raspberry-pi-riego.md",
        ("Raspberry Pi del riego",),
        1,
    )
    help_page = passage(
        "# Irrigation – troubleshooting\n\nIf something's wrong with the watering, ping the "
        "Pi first and check the relay box.",
        "riego/riego-troubleshooting.md",
        ("Irrigation – troubleshooting",),
        2,
    )
    question = "What's the IP address of the irrigation Raspberry Pi?"
    assert failed(question, "IP fija: **192.168.1.47**", (pi, help_page), 1) == []
    office = passage(
        "# Raspberry Pi in the office\n\nThe Pi sits on the shelf by the printer and runs "
        "the backups.\n\n- IP: 192.168.1.60",
        "office/pi.md",
        ("Raspberry Pi in the office",),
        1,
    )
    assert failed(question, "IP: 192.168.1.60", (office, help_page), 1) == ["not_a_neighbour"]
