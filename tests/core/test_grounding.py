from __future__ import annotations

import pytest

from app.core.answer.claims import extract_claims, unsupported_claims
from app.core.answer.grounding import (
    check_citations,
    identifiers_missing,
    parse_proposal,
    topic_check,
)
from app.core.answer.quote_location import locate_quote, locate_quotes

PASSAGES = [
    "## Ports\n\nCaddy listens on 443 and 80. Home Assistant is on **8123**.",
    "## Retention\n\nI keep 7 daily, 4 weekly and 12 monthly snapshots.",
    "## Queue\n\nIf the queue holds more than 5,000 messages, scale to 6 replicas.",
]


@pytest.mark.parametrize(
    ("quote", "preferred", "expected_passage", "exact"),
    [
        ("I keep 7 daily, 4 weekly and 12 monthly snapshots.", 2, 2, True),
        ("i keep 7 daily,   4 weekly and 12 MONTHLY snapshots", 2, 2, True),
        ("I keep 7 daily, 4 weekly and 12 monthly snapshots.", 3, 2, True),  # wrong number
        ("Home Assistant is on 8123.", 1, 1, True),  # markdown bold tolerated
        ("Home Assistant listens on 8123.", 3, 1, False),  # paraphrased sentence
    ],
)
def test_locate_quote(quote: str, preferred: int, expected_passage: int, exact: bool) -> None:
    located = locate_quote(quote, PASSAGES, preferred)
    assert located is not None
    assert (located.passage, located.exact) == (expected_passage, exact)


@pytest.mark.parametrize("quote", ["The capital of Australia is Canberra.", "", "Melbourne"])
def test_unlocatable_quotes(quote: str) -> None:
    assert locate_quote(quote, PASSAGES, 1) is None


def test_a_loose_quote_may_not_bring_a_number_of_its_own() -> None:
    """A paraphrase is located by its words only when every number in it is one its
    sentence states as a value, whole: a heading's or list item's number is a label, and
    "1" is not in "12"."""
    repo = (
        "### 1. Clone the repository\n\n```bash\n"
        "git clone https://github.com/someone/prompt-lab.git\ncd prompt-lab\n```"
    )
    assert locate_quote("The prompt-lab repository has 1 star on GitHub.", [repo], 1) is None
    assert locate_quote("The prompt-lab repository is on GitHub.", [repo], 1) is not None
    assert locate_quote("I keep 7 daily, 4 weekly and 1 monthly snapshots", PASSAGES, 2) is None
    loose = locate_quote("If the queue has over 5000 messages, scale to 6 replicas", PASSAGES, 3)
    assert loose is not None and not loose.exact  # 5000 is the note's 5,000


def test_fragment_quote_is_shown_as_its_sentence() -> None:
    located = locate_quote("8123", PASSAGES, 2)
    assert located is not None and located.passage == 1
    assert located.text == "Home Assistant is on **8123**."


@pytest.mark.parametrize(
    ("answer", "claims"),
    [
        (
            'In October, use `restic forget` and "keep 12" on port 8,123 [2].',
            [("code", "restic forget"), ("quoted", "keep 12"), ("number", "12"),
             ("number", "8,123"), ("date", "10")],
        ),
        ("Plex runs on 8123.", [("number", "8123"), ("name", "Plex")]),  # first word too
        ("Bob said 24 h.", [("number", "24 h"), ("name", "Bob")]),
        ("Use --keep-monthly on ERR-4012.", [("identifier", "--keep-monthly"),
                                              ("identifier", "ERR-4012")]),
        ("At 9:30 on Fridays.", [("time", "09:30"), ("weekday", "friday")]),
        ("Yes, it is isolated.", []),
    ],
)  # fmt: skip
def test_extract_claims(answer: str, claims: list[tuple[str, str]]) -> None:
    assert [(c.kind, c.text) for c in extract_claims(answer)] == claims


@pytest.mark.parametrize(
    ("answer", "evidence", "unsupported"),
    [
        ("Scale at 5000 messages", PASSAGES[2], []),
        ("Scale to 8 replicas", PASSAGES[2], ["8"]),
        ("812", "Home Assistant is on 8123.", ["812"]),
        ("Kept 24 hours.", "Keys are kept for 24 h.", []),
        ("Kept 24 minutes.", "Keys are kept for 24 h.", ["24 minutes"]),
        ("1000 rows", "more than 1,000 rows", []),
        ("3,5 kg", "3.5 kg of flour", []),
        ("Twelve monthly.", "I keep 12 monthly snapshots.", []),
        ("On 14 May.", "Serviced on 2026-05-14.", []),
        ("On 14 June.", "Serviced on 2026-05-14.", ["06-14"]),
    ],
)
def test_claims_are_values_not_substrings(
    answer: str, evidence: str, unsupported: list[str]
) -> None:
    assert [str(c) for c in unsupported_claims(answer, [evidence])] == unsupported


def test_check_citations_flags_a_constant_the_cited_passage_lacks() -> None:
    report = check_citations("Keep 12 monthly [2] and scale to 8 replicas [3].", PASSAGES)
    assert report.cited == (2, 3)
    assert report.unsupported == ("8",)


def test_check_citations_invalid_and_missing() -> None:
    assert check_citations("Port 8123 [7].", PASSAGES).invalid == (7,)
    assert check_citations("Port 8123.", PASSAGES).uncited


def test_parse_proposal() -> None:
    good = parse_proposal('{"found": true, "quote": "q", "passage": 2, "answer": "a"}')
    assert good.valid and good.found and good.passage == 2
    assert not parse_proposal('{"found": tr').valid


def test_quote_with_dropped_punctuation_is_found_and_shown_as_written() -> None:
    passage = "Reading fails with\n\n```\n_csv.Error: field larger than field limit (131072)\n```"
    located = locate_quote("csv.Error: field larger than field limit (131072)", [passage], 1)
    assert located is not None and located.exact
    assert "_csv.Error" in located.text


def test_quote_spanning_two_sentences_with_a_copy_error() -> None:
    passage = (
        "Intro. I do four sets of stretch and folds, thirty minutes apart. The bulk ferment "
        "takes roughly four and a half hours. Then I shape it."
    )
    quote = (
        "I do four sets of stretch and folds, thirties minutes apart. The bulk ferment "
        "takes roughly four and a half hours."
    )
    located = locate_quote(quote, [passage], 1)
    assert located is not None and not located.exact
    assert "thirty minutes" in located.text and "four and a half hours" in located.text


@pytest.mark.parametrize(
    ("question", "passage", "missing"),
    [
        ("What does error ERR-7001 mean?", "## ERR-1001\nThe API key is missing.", ["ERR-7001"]),
        ("What does ERR-4012 mean?", "## ERR-4012\nThe key was reused.", []),
        ("How do I fix _csv.Error?", "_csv.Error: field larger", []),
        ("What is the refractive index of BK7?", "BK7 lenses", []),
        ("Which port does Plex use?", "Jellyfin is on 8096.", ["Plex"]),
        ("What port does Home Assistant use?", "Home Assistant on 8123.", []),
        # a code of letters and a number, typed without punctuation or capitals
        ("wat betekent e21 op een bosch wasmachine", "## E17 – geen watertoevoer", ["e21"]),
        ("wat betekent e21 op een bosch wasmachine", "## E21 – motor draait niet", []),
        ("what does E21 mean?", "Code E-21: the motor does not turn.", []),
        ("what does E21 mean?", "Code E 21: the motor does not turn.", []),
        ("what does E21 mean?", "Code E215: the pump.", ["E21"]),
        ("Which G-code runs the autotune, M303?", "Send M303 E0 S200 C8.", []),
        ("Where is the 3D printer?", "The printer is in the back room.", []),  # one digit
        # a place named by its adjective
        (
            "Où est enterré Hervé, celui qui est parti au Canada ?",
            "## Hervé — the Canadian branch\nburied at Notre-Dame-des-Neiges",
            [],
        ),
        ("What did we buy in Germany?", "Bought at the German bakery.", []),
        ("Qui est parti en France ?", "Baptême de François Le Bihan", ["France"]),
        ("When does the Library open?", "Ask the librarian.", ["Library"]),
        ("Que signifie le code H20 ?", "Rendez-vous à 18 h 20.", ["H20"]),
        ("what does e21 mean?", "Code e-21: the motor does not turn.", []),
        (
            "Où est enterré Hervé, celui qui est parti au Canada ?",
            "Hervé: buried at Notre-Dame",
            ["Canada"],
        ),
    ],
)
def test_identifiers_missing(question: str, passage: str, missing: list[str]) -> None:
    assert identifiers_missing(question, passage) == missing


def test_a_quote_that_changes_a_value_is_not_found() -> None:
    table = (
        "| disciplina | prova | data |\n| --- | --- | --- |\n"
        "| Física II | P2 | 24/06 (qua) |\n| Química Geral | P1 | 30/04 (qui) |\n"
    )
    # Copied with P2 for P1: no row says it, and two rows are never read as one quote.
    assert locate_quote("Química Geral | P2 | 30/04 (qui)", [table], 1) is None
    found = locate_quote("Química Geral P1 30/04 qui", [table], 1)
    assert found is not None and "P1" in found.text
    prose = "The whole session run used 1000 tokens in total."
    assert locate_quote("whole session used 1000 tokens total", [prose], 1) is not None
    assert locate_quote("whole session used 1200 tokens total", [prose], 1) is None


def test_a_quote_is_found_as_whole_words() -> None:
    assert locate_quote("Física II P1", ["| Física II | P10 | 22/04 |"], 1) is None
    item = "- Phone: 07700 900412. Prefers WhatsApp after six.\n- Email: dev@example.org"
    # Loosely, within one list item's two sentences; never into the next item.
    found = locate_quote("Phone 07700 900412, she prefers WhatsApp after six", [item], 1)
    assert found is not None and "Email" not in found.text


def test_the_same_weekday_is_a_shared_topic() -> None:
    asked = "What's for dinner on Wednesday?"
    assert topic_check(asked, "| Wed | Miso aubergine + rice |", "", None, 0.45).passed
    assert not topic_check(asked, "| Thu | Miso aubergine + rice |", "", None, 0.45).passed
    # a shared generic word ("say") is no shared topic
    said = "The teacher would not say 42."
    assert not topic_check("What did my mentor say?", said, "", None, 0.45).passed


def test_a_weekday_is_one_day_in_any_spelling() -> None:
    assert unsupported_claims("On Wednesday [1].", ["Meets every quarta-feira at 10."]) == []
    assert unsupported_claims("On Wednesday [1].", ["Meets every Wed at 10."]) == []
    assert [c.text for c in unsupported_claims("On Thursday.", ["Meets every Wed."])] == [
        "thursday"
    ]


def test_a_quote_is_placed_in_its_own_item_by_whole_words() -> None:
    from app.core.answer.evidence import evidence_window, own_item

    passage = "## Exams\n\n- P10: room 4, 14/04\n- P1: room 9, 22/04"
    assert own_item(passage, "P1: room 9") == "- P1: room 9, 22/04"
    assert own_item(passage, "P1") == "- P1: room 9, 22/04"
    paragraphs = "Room 10 is upstairs.\n\nRoom 1 is by the door."
    assert evidence_window(paragraphs, "Room 1") == "Room 1 is by the door."


def test_a_loose_quote_of_a_row_does_not_run_into_the_paragraph_under_the_table() -> None:
    from app.core.answer.quote_location import locate_quote

    passage = (
        "| Concept | OpenAI calls it | Gemini calls it |\n| --- | --- | --- |\n"
        '| What the model said before | `role="assistant"` | `role="model"` |\n\n'
        "This tripped me up: in Gemini there is no system role. It travels as configuration."
    )
    located = locate_quote("The assistant role is called `model` in Gemini.", [passage], 1)
    assert located is not None
    assert located.text == '| What the model said before | `role="assistant"` | `role="model"` |'


def test_a_formula_symbol_of_the_question_must_be_in_the_passage() -> None:
    from app.core.answer.grounding import identifiers_missing

    question = "Qual a fórmula do σ² de uma variável aleatória?"
    assert identifiers_missing(question, "- Var(aX + b) = a²·Var(X)") == ["σ²"]
    assert identifiers_missing(question, "- Variância: σ² = E[(X − μ)²]") == []


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        ("What did the whole 23-turn session cost?", "Across 23 turns the session cost $0.0045."),
        ("por que a variancia amostral divide por n-1?", "s² = Σ(xᵢ − x̄)²/(n − 1)"),
        ("visitor mooring fee boat under 8m", "| < 8 m | 14 € | 19 € |"),
    ],
)
def test_a_count_joined_by_a_hyphen_may_be_written_apart(question: str, passage: str) -> None:
    from app.core.answer.grounding import identifiers_missing

    assert identifiers_missing(question, passage) == []


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        ("What does ERR-7001 mean?", "ERR 1001 means the disk is full; 7001 bytes were lost."),
        ("Who lives in flat 12-B?", "Flat 12-A: Ravi, since 2021. Flat 14-B: Ana."),
        ("When does gate B-12 open?", "Gate B-7 serves platform 12 and opens at 9:00."),
        ("What did the 23-turn session cost?", "Turn 23 cost $0.01."),
    ],
)
def test_a_code_joined_by_a_hyphen_must_be_written_whole(question: str, passage: str) -> None:
    from app.core.answer.grounding import identifiers_missing

    assert identifiers_missing(question, passage) != []


def test_a_loose_quote_may_run_over_the_sentences_of_one_row() -> None:
    from app.core.answer.quote_location import locate_quote

    row = "| ferry | MF 4417 | Leaves at 9:00. Arrives at 11:30. |\n\nAfter the table we walk."
    located = locate_quote("MF 4417 leaves at 9:00 and arrives at 11:30", [row], 1)
    assert located is not None and "11:30" in located.text and "walk" not in located.text


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        ("What is the timeout in µs?", "The timeout is 250 microseconds."),
        ("Which resistor is 10 kΩ?", "R3 is a ten kilohm resistor."),
    ],
)
def test_a_unit_written_in_greek_is_not_a_formula_symbol(question: str, passage: str) -> None:
    from app.core.answer.grounding import identifiers_missing

    assert identifiers_missing(question, passage) == []


def test_a_quote_may_restate_the_subject_its_passage_is_filed_under() -> None:
    """A model turns `birthday:: 19 August` in a person's page into a sentence naming the
    person; the heading names who, the line states the rest."""
    page = "role:: front of house\n\n- personal\n\t- birthday:: 19 August\n\t- coffee:: oat"
    quote = "Lena Marsh's birthday is 19 August."
    assert locate_quote(quote, [page], 1) is None  # without the subject: 3 of 5 words
    located = locate_quotes(quote, [page], 1, ["Lena Marsh\npeople/Lena Marsh.md"])
    assert [(q.passage, q.exact, q.text) for q in located] == [(1, False, "- birthday:: 19 August")]
    # The subject's words cover the name, not the fact: a made-up fact is still in no line,
    # and a changed value is never located.
    other = ["Lena Marsh\npeople/Lena Marsh.md"]
    assert locate_quotes("Lena Marsh's wedding is in August.", [page], 1, other) == []
    assert locate_quotes("Lena Marsh's birthday is 18 August.", [page], 1, other) == []


def test_every_passage_holding_the_quote_verbatim_is_found_the_models_first() -> None:
    twice = [PASSAGES[1], "## Old\n\nI keep 7 daily, 4 weekly and 12 monthly snapshots."]
    found = locate_quotes("I keep 7 daily, 4 weekly and 12 monthly snapshots.", twice, 2)
    assert [q.passage for q in found] == [2, 1]


def test_a_line_the_model_wrote_twice_is_located_once() -> None:
    """A small model may repeat a heading at the top of its quote; the note writes it
    once, and the quote is still the note's lines."""
    menu = (
        "## Chosen menu\n- Starter: burrata\n- Main: wild mushroom Wellington\n- Dessert: pavlova"
    )
    twice = "## Chosen menu\n## Chosen menu\n- Starter: burrata\n- Main: wild mushroom Wellington"
    located = locate_quote(twice, [menu], 1)
    assert located is not None and located.exact
    assert located.text.count("Chosen menu") == 1
