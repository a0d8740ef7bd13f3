"""Language detection and the language-aware lexical tokens."""

from __future__ import annotations

import pytest

from app.core.basics.language import detect_language, main_language, written_in_another
from app.core.basics.text import content_words, lexical_tokens, term_variants


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("The backup runs every night and keeps twelve monthly snapshots of the disk.", "en"),
        ("A monitoria de cálculo é às terças e quintas, com a monitora Júlia.", "pt"),
        ("La reunión del equipo es los martes por la mañana en la sala grande.", "es"),
        ("Le serveur redémarre chaque nuit et garde les journaux pendant une semaine.", "fr"),
        ("Der Server startet jede Nacht neu und behält die Protokolle eine Woche.", "de"),
        ("Il server si riavvia ogni notte e conserva i registri per una settimana.", "it"),
        ("Qual é a fórmula da variância da amostra?", "pt"),
        ("Que dias tem monitoria de calculo?", "pt"),  # typed without accents
    ],
)
def test_detects_the_language_of_a_sentence(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_a_text_too_short_to_tell_gets_the_default() -> None:
    assert detect_language("ERR-4012", default="pt") == "pt"
    assert detect_language("σ² = E[(X − μ)²]") == "en"


def test_one_function_word_tells_a_short_question_when_no_other_language_has_one() -> None:
    # In a Portuguese folder, a short English question is still read as English...
    assert detect_language("Which instructor speaks German?", default="pt") == "en"
    assert detect_language("che turni fa Federico d'estate", default="en") == "it"
    # ...but a word several languages share ("de", "do") tells nothing.
    assert detect_language("Quarto do Mar price low season", default="pt") == "pt"
    assert detect_language("horário fim de semana inverno", default="en") == "en"
    assert detect_language("qpcr template vol per well", default="en") == "en"  # borrowed


def test_the_main_language_is_the_most_common_one() -> None:
    assert main_language({"pt": 7, "en": 3}) == "pt"
    assert main_language({}) == "en"


def test_accents_fold_the_same_way_for_notes_and_questions() -> None:
    note = lexical_tokens("A função exponencial cresce rápido.", "pt")
    question = lexical_tokens("funcao exponencial", "pt")
    assert set(question) <= set(note)


def test_portuguese_plurals_meet_their_singular() -> None:
    assert set(lexical_tokens("as provas", "pt")) == set(lexical_tokens("a prova", "pt"))
    # short plurals the stemmer leaves whole, as it leaves their singular
    assert set(lexical_tokens("que ilhas, quantos dias", "pt")) == set(
        lexical_tokens("a ilha, um dia", "pt")
    )
    assert set(lexical_tokens("las islas", "es")) == set(lexical_tokens("la isla", "es"))
    assert lexical_tokens("o gás", "pt") == ["gas"]  # too short to be a plural


def test_greek_letters_and_symbols_are_searchable_terms() -> None:
    tokens = lexical_tokens("O comprimento de onda λ e o desvio padrão σ", "pt")
    assert "λ" in tokens and "σ" in tokens


def test_portuguese_stop_words_are_dropped_with_the_portuguese_list() -> None:
    tokens = lexical_tokens("a média das notas de uma turma", "pt")
    assert not {"a", "das", "de", "uma"} & set(tokens)


def test_a_greek_letter_spelled_out_is_the_letter() -> None:
    note = set(lexical_tokens("γ = Cp/Cv: 7/5 para gás diatômico; σ² é a variância", "pt"))
    assert {"γ", "σ"} <= set(lexical_tokens("quanto vale gama pra gas diatomico? e sigma?", "pt"))
    assert set(lexical_tokens("gama diatomico", "pt")) <= note
    assert set(lexical_tokens("Gamma and lambda", "en")) == {"γ", "λ"}
    assert "eta" in lexical_tokens("What is the ETA?", "en")  # an everyday word stays one


def test_a_unit_spelled_out_is_its_symbol() -> None:
    note = set(lexical_tokens("Unidades: 1 cv ≈ 735,5 W e 1 hp ≈ 745,7 W; nível em dB", "pt"))
    assert {"cv", "db"} <= set(lexical_tokens("Quantos watts tem um cavalo-vapor? decibéis", "pt"))
    assert "hp" in lexical_tokens("How many watts is one horsepower?", "en") and "hp" in note
    assert lexical_tokens("12 kilometres, 3 Kilograms", "en") == [
        "12",
        "12km",
        "km",
        "3",
        "3kg",
        "kg",
    ]
    assert content_words("a run of 5 quilômetros", "pt") >= {"km"}
    # a micron, however spelled, is the "µm" (micro sign) or "μm" (Greek mu) a note writes
    assert "\u03bcm" in lexical_tokens("micron rating of the final filter?", "en")
    assert "\u03bcm" in lexical_tokens("Cartucho final: 1 \u00b5m absoluto", "es")
    assert "\u03bcm" in lexical_tokens("filtro de 5 micras", "es")
    assert "12mile" in lexical_tokens("The loop is 12 miles", "en")


def test_a_number_glued_to_its_unit_is_also_the_number_and_the_unit() -> None:
    row = set(lexical_tokens("| 8h–10h | Física II | Química Geral |", "pt"))
    assert "8" in row and "8h" in row
    assert {"5", "km"} <= set(lexical_tokens("corri 5km", "pt"))
    assert "5km" in lexical_tokens("corri 5km", "pt")  # the glued form still finds itself
    assert lexical_tokens("h2o 10e6 0x1f", "en") == ["h2o", "10e6", "0x1f"]


def test_a_number_and_its_unit_are_one_token_however_written() -> None:
    # "boat under 8m" finds a table's "< 8 m"; "24 hours" finds "24h"
    assert "8m" in lexical_tokens("| < 8 m | 14 € | 19 € |") and "8m" in term_variants("8m")
    assert "24hour" in lexical_tokens("open 24 hours") and "24hour" in term_variants("24h")
    assert "24hour" in lexical_tokens("open 24h")
    assert "5hour" not in lexical_tokens("1,5 h of rope work")  # the 5 of 1,5 counts no hours
    assert not any(t.startswith("2") and t != "2fa" and t != "2" for t in lexical_tokens("2fa"))
    # the degree sign, or the ordinal sign Spanish keyboards type for it, between them
    for written in ("4 °C", "4°C", "4 ºC", "4ºC", "4 degrees"):
        assert "4degree" in lexical_tokens(f"Consigna: {written}", "es"), written


def test_contractions_typed_in_portuguese_questions_are_stop_words() -> None:
    assert lexical_tokens("dá pra levar formulário? tá carregado, né?", "pt") == [
        "lev",
        "formulari",
        "carreg",
    ]
    # and question words typed in a hurry: "qdo" is "quando", a word no note need hold
    assert lexical_tokens("qdo é o casamento do meu irmão? qto custa? pq?", "pt") == [
        "casament",
        "irma",
        "cust",
    ]


def test_a_tie_of_shared_function_words_is_broken_by_a_languages_own_marks() -> None:
    # "de" and "la" are Portuguese, Spanish and French; the elided "d'" is French
    assert detect_language("Montant de la prime d'assurance 2025 ?", default="en") == "fr"
    assert detect_language("Preço da aula de grupo", default="en") == "pt"  # "da": Portuguese


def test_italian_articles_and_qual_are_italian_function_words() -> None:
    # "qual" is Portuguese too, "la" Spanish and French, "di" Italian alone: Italian wins
    assert detect_language("qual e la mail di Tom Hartley?", default="en") == "it"
    assert detect_language("Quanto costa la revisione della Vespa?", default="en") == "it"
    assert "la" not in lexical_tokens("la mail di Tom", "it")
    # the Portuguese question keeps its own language
    assert detect_language("qual é o email do professor", default="en") == "pt"


def test_a_list_with_few_function_words_still_tells_its_language() -> None:
    # 3 German function words and 1 English in a treasurer's list of about 70 words
    report = (
        "# Kassenbericht 2023\n\n## Einnahmen\n- Mitgliedsbeiträge: 2.340 €\n"
        "- Honigverkauf Stand Kirchzarten: 1.120 €\n- Kursgebühren Anfängerkurs: 2.640 €\n"
        "- Zuschuss Gemeinde: 300 €\n## Ausgaben\n- Versicherung: 410 €\n"
        "- Varroa-Mittel Sammelbestellung: 386 €\n- Miete Lehrbienenstand: 240 €\n"
        "- Druckkosten Flyer: 95 €\n- Referentenhonorar Königinnenzucht: 250 €\n"
        "- Porto, Bürobedarf: 62 €\n## Bestand\n- Kasse 31.12.2023: 4.812 €\n"
        "- Girokonto Sparkasse: 3.977 €\n- geprüft von Kassenprüfern am 20.01.2024, "
        "ohne Beanstandung und mit Dank an die Kassiererin\n- Rücklage für neue "
        "Schleuder: 1.500 € (Beschluss JHV)\n- Spende Bäckerei Ruh: 150 € for the "
        "open day\n"
    )
    assert detect_language(report, default="en") == "de"
    # two of one language and none of another tell it only beside letters it alone writes
    names = "Name Telefon " * 20
    assert detect_language("Ämter und Kontakte vom Verein " + names, default="en") == "de"
    assert detect_language("Amter und Kontakte vom Verein " + names, default="en") == "en"


def test_english_writes_the_borrowed_words_as_its_own() -> None:
    # "per" is Italian too, but beside an English "in" it is English
    assert detect_language("kids birthday party price per child in 2025", "pt") == "en"
    assert detect_language("Minagawa and Wada 15N enrichment per trophic step", "pt") == "en"
    # with no English function word, "per" and "via" stay Italian
    assert detect_language("deposito cauzionale versato per l'appartamento di via buniva") == "it"


def test_a_list_of_values_in_another_language_is_written_in_another() -> None:
    question = "When is the delivery van's next ITV inspection due?"
    van = (
        "Furgoneta reparto – Citroën Berlingo\n**Próxima ITV: 17/11/2024.** - Seguro: ver "
        "seguros-y-papeles.\nmaquinaria/furgoneta.md\n# Furgoneta reparto – Citroën "
        "Berlingo\n\n- Citroën Berlingo 1.6 HDi, 2014, blanca\n- Matrícula: **4821 HKT**\n"
        "- Km (01/09/2024): 214.300\n- ITV: pasada el 17/11/2023 (favorable, aviso por "
        "desgaste de pastillas delanteras). **Próxima ITV: 17/11/2024.**\n- Seguro: ver "
        "seguros-y-papeles."
    )
    assert detect_language(van, default="") == ""  # too few function words to say which
    assert written_in_another(question, van)
    assert not written_in_another(question, "Van – Transit\n- MOT: passed on 17/11/2023")
    assert not written_in_another("kubota fuel filter part number", van)  # too short to tell


def test_a_season_is_one_token_however_written() -> None:
    for written in ("2024/25", "2024-25", "2024/2025", "2024-2025"):
        assert "2024/25" in lexical_tokens(f"Saison {written}", "de")
        assert "2024/25" in term_variants(written, "en")
    # a year and its month, or two years apart, are no season
    assert "2025/04" not in lexical_tokens("report 2025-03", "en")
    assert "2024/26" not in lexical_tokens("plan 2024/2026", "en")
    assert not [t for t in lexical_tokens("plan 2024/2026", "en") if "/" in t and t != "2024/2026"]
