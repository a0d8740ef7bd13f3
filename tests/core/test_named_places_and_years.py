"""A hyphened name is one name, and a value keyed by its year is that year's."""

from __future__ import annotations

from app.core.answer.grounding import identifiers_missing
from app.core.answer.neighbours import neighbour_of_asked
from app.core.answer.periods import other_year_labelled

HARBOUR = "Port de Kerlaouen, capitainerie ouverte 8h–12h / 14h–18h (juillet-août : 7h30–20h)."


def test_a_hyphened_place_is_not_found_by_one_of_its_parts() -> None:
    question = "Quels sont les horaires de la base de Port-Blanc ?"
    assert identifiers_missing(question, HARBOUR) == ["Port-Blanc"]
    assert identifiers_missing(question, "La base de Port Blanc ouvre à 9h.") == []
    assert identifiers_missing("When is the ferry to Saint-Malo?", "Ferry to St Malo, 9:00") == []
    assert identifiers_missing("Where does Jean-Luc live?", "Jean-Luc lives in Brest.") == []
    assert identifiers_missing("What's the Wi-Fi code at Kerlaouen?", "Kerlaouen wifi: x") == []


def test_a_value_keyed_by_another_year_is_not_the_asked_years() -> None:
    quote = "Prime 2024 : 4 318 € TTC (2023 : 3 960 €)"
    question = "Montant de la prime d'assurance 2025 ?"
    assert other_year_labelled(question, quote) == (
        "the question asks about 2025; the quote gives the value for 2023, 2024"
    )
    found = neighbour_of_asked(question, quote, f"## Assurance\n- {quote}")
    assert found is not None and "2025" in found.detail
    assert other_year_labelled("Montant de la prime 2024 ?", quote) is None
    # a year inside a day's date dates an event, and "since" dates something else
    assert other_year_labelled("What did we pay in 2025?", "Paid 12/03/2024: 40 €") is None
    assert other_year_labelled("Fee in 2025?", "Fee: 40 € (since 2023)") is None


def test_a_code_is_no_year_and_an_unlabelled_first_value_is_the_notes_own() -> None:
    quote = "- **Exam 60%**: 2 h written exam, 21 May 2025 — time and room TBC"
    assert other_year_labelled("when's the BIO2047 exam", quote) is None
    counted = "- Alunos (total do ano): **1 143**  (2023: 987)"
    assert other_year_labelled("Quantos alunos teve a escola em 2024?", counted) is None


def test_a_name_joined_by_an_en_dash_in_the_note_is_the_same_name() -> None:
    note = "## Stefan–Boltzmann law\nj* = σT⁴ with σ = 5.670 × 10⁻⁸ W m⁻² K⁻⁴."
    assert identifiers_missing("What is σ in the Stefan-Boltzmann law?", note) == []
