"""A game master's notes: prices in a tabletop game's coins are prices; a quote copied with
a word changed is found in the list line it copies; a fix is about the error logged above
it; the note a line opens is what the line is said of; "the in-game calendar" is a
calendar; a name the notes lack, one letter from the quoted passage's word, is a typo;
session 9's quote does not answer for session 14; when a birthday is asks a date; Friday's
hours do not say when the café opens on Saturdays."""

from __future__ import annotations

import pytest

from app.core.answer.checks import QuoteDecision
from app.core.answer.codes_above import codes_above
from app.core.answer.numbered_things import numbered_elsewhere
from app.core.answer.other_weekday import another_weekday
from app.core.answer.owners import phrase_owners
from app.core.answer.quote_location import LocatedQuote, locate_quotes
from app.core.answer.sentence_checks import check_sentence
from app.core.answer.typed_names import mistyped
from app.core.basics.scores import FusedScore
from app.core.basics.text import lexical_tokens
from app.core.basics.values import has_money, quantities
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Whats a healing potion cost at Pell's shop?", "| Potion of healing | 50 gp | 0.5 lb |"),
        ("how much is a room at the Drowned Lantern?", "- Room: **8 sp a night**, stew 2 cp"),
    ],
)
def test_a_price_in_a_games_coins_states_a_price(question: str, text: str) -> None:
    assert states(text, AnswerType.PRICE, question)


def test_game_coins_are_units_and_one_search_token_with_their_figure() -> None:
    assert [q.unit for q in quantities("the toll is now 5 sp (was 3 sp), 1 gp")] == [
        "sp",
        "sp",
        "gp",
    ]
    assert "50gp" in lexical_tokens("Potion of healing 50 gp", "en")


@pytest.mark.parametrize("text", ["see pp. 12-14", "12 pp of notes", "won 2 gold medals"])
def test_pages_and_medals_are_no_money(text: str) -> None:
    assert not has_money(text)


RECAP = (
    "## Recap\nKorr got crit while at 6 HP, went down, failed the DC 12 Con save and rolled a "
    "2 on the injury table: he's lost the last two fingers of his left hand. Jess was thrilled."
)
TALLY = (
    "| 12 | nothing lasting, just a great story |\n\n"
    "So far: Korr rolled a 2 in session 14 (lost two fingers). Jess was weirdly delighted."
)


def test_a_reworded_quote_is_found_where_every_value_it_gives_is() -> None:
    """The recap shares more of the quote's words once its heading's "Session 14" is
    discounted, but it lacks the quote's "14"; the tally line holds every value."""
    quote = "Korr rolled a 2 in session 14 (lost two fingers). Jess was thrilled."
    subjects = ["Session 14 — Ambush > Recap\nsessions/Session 14.md", "Lingering injuries"]
    (found,) = locate_quotes(quote, [RECAP, TALLY], 2, subjects)
    assert found.passage == 2 and found.text.startswith("So far: Korr rolled a 2")
    assert not found.exact


VTT = (
    "## The disconnect problem (session 11)\n\nCopied from the server log:\n\n```\n"
    "# tail of ws.log\n[18:41:12] ERROR ws: ERR_SOCKET_1006 connection closed abnormally\n```\n\n"
    "**Fix: host Tabletrove on my phone hotspot, not the café Wi-Fi.** Uses 150 MB a session.\n\n"
    "## Other things\n- Audio: Freya on the Bluetooth speaker, not the laptop speakers."
)


def test_a_code_logged_above_the_quote_in_its_section_names_its_topic() -> None:
    question = "how did we fix ERR_SOCKET_1006?"
    assert codes_above(question, VTT, "**Fix: host Tabletrove on my phone hotspot") == [
        "err_socket_1006"
    ]
    # under the next heading the log is another section's; above the log, nothing yet
    assert codes_above(question, VTT, "- Audio: Freya on the Bluetooth speaker") == []
    assert codes_above(question, VTT, "Copied from the server log:") == []


FLAT = (
    "# Marcus's flat\n\nFallback venue when [[The Rolling Hex]] is closed.\n\n"
    "- start 19:00 (not 18:30) here\n"
    "- no table fee obviously → we chip in for Marcus's pizza instead, £5 each\n"
    "- neighbours below complain if it's loud after 22:00"
)


def test_the_note_a_line_opens_is_what_it_is_said_of() -> None:
    quote = "Fallback venue when [[The Rolling Hex]] is closed."
    decision = QuoteDecision((), LocatedQuote(1, quote, True), FLAT)
    question = "Where do we play if the Rolling Hex is shut?"
    titled = check_sentence(
        question, "Marcus's flat [1].", decision, FLAT, titles="Marcus's flat\nMarcus's flat.md"
    )
    assert titled[0].name == "answer_supported" and titled[0].passed, titled[0]
    # without its title, "Marcus" is read from a list row the question does not name
    untitled = check_sentence(question, "Marcus's flat [1].", decision, FLAT)
    assert not untitled[0].passed


def test_a_hyphened_word_before_a_noun_is_what_it_modifies() -> None:
    assert phrase_owners("When is Lanternnight in the in-game calendar?", "en") == ["calendar"]
    assert phrase_owners("what is the password for the wi-fi", "en") == ["wi-fi"]


def _passage(text: str, file: str, rank: int) -> Passage:
    source = ChunkSource(file, (file.removesuffix(".md"),), 1, 5)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


INN = _passage(
    "Inn at the bottom of Lantern Row. Room: **8 sp a night**", "The Drowned Lantern.md", 1
)
MAREN = _passage(
    "Maren Holt runs the inn. Her brother Moren runs the Low Tide crew.", "Maren.md", 2
)


def test_a_name_no_passage_holds_one_letter_from_the_quoted_passages_word_is_a_typo() -> None:
    assert mistyped("Lanturn", INN, [INN, MAREN])
    assert mistyped("Lantren", INN, [INN, MAREN])  # two letters swapped
    # a look-alike the notes hold is another one, and a short or distant word no typo
    assert not mistyped("Moren", _passage("Maren's inn", "Maren.md", 3), [INN, MAREN])
    assert not mistyped("Lampost", INN, [INN, MAREN])
    assert not mistyped("Rox", _passage("Row", "Row.md", 4), [INN])


def test_a_quote_titled_with_another_number_of_the_asked_thing_is_its_neighbours() -> None:
    titles = "Session 9 — The Bog Warden > XP\nsessions/2025-02-07 Session 9.md"
    assert numbered_elsewhere("How much XP did we get for session 14?", titles) == (
        "the question asks about session 14; the quote is titled session 9"
    )
    assert numbered_elsewhere("how much xp did everyone get in session 9", titles) is None
    # a date or a year is no numbered thing, and a title without the word says nothing
    assert numbered_elsewhere("who is on snacks for June 13", "Snack rota") is None
    assert numbered_elsewhere("what did we do in 2025", titles) is None
    assert numbered_elsewhere("hoeveel m2 is tuin 12", "Tuin 9\ntuin/tuin-9.md") is not None


def test_a_numbered_thing_may_be_titled_by_its_initial() -> None:
    """ "P1" is paper 1 and "W3" week 3, where the title never writes the word; a year
    written with two digits is the same year written with four."""
    mocks = "Mock exams 2025 > results (chem P1 avg %)\npages/Mock exams 2025.md"
    assert numbered_elsewhere("whats 11C3's average on paper 2 of the mocks", mocks) == (
        "the question asks about paper 2; the quote is titled P1"
    )
    assert numbered_elsewhere("11C3 average on paper 1", mocks) is None
    # a short word's initial reads too many ways to be its abbreviation
    assert numbered_elsewhere("what did we do on day 3", "D1 notes") is None
    herbst = "VHS Kurs Herbst 2024\n202409011000 VHS Kurs Herbst 2024.md"
    assert numbered_elsewhere("wieviele teilnehmer im herbst 24", herbst) is None
    assert numbered_elsewhere("wieviele teilnehmer im herbst 25", herbst) is not None


@pytest.mark.parametrize(
    "question",
    ["When is Hannah's birthday?", "quando é o aniversário da Ana?"],
)
def test_when_a_birthday_is_asks_a_date(question: str) -> None:
    assert asked_type(question) is AnswerType.DATE
    # a note that someone should be asked is no day of the year
    assert not states(
        "- ask Hannah when her birthday is — maybe a cake session", AnswerType.DATE, question
    )


def test_when_something_else_happens_is_still_a_when() -> None:
    assert asked_type("When did I buy Bea a birthday present?") is AnswerType.WHEN
    assert asked_type("When is the next session?") is AnswerType.WHEN


LOGISTICS = (
    "**When:** every other Friday. Doors/setup from 18:15, we start at **18:30** sharp.\n\n"
    "- Friday hours: 11:00–23:00.\n- Other days: never booked, so not written down."
)


@pytest.mark.parametrize(
    ("quote", "other"),
    [
        ("Doors/setup from 18:15, we start at **18:30** sharp.", True),
        ("Friday hours: 11:00–23:00.", True),
        ("Open Mon–Sat 10:00–18:00.", False),
        ("Open Monday to Friday 9–5, weekends by booking.", False),
        ("Open Tue, Sat 10:00–18:00.", False),
    ],
)
def test_a_quote_naming_only_other_weekdays_is_about_another_day(quote: str, other: bool) -> None:
    question = "What time does the Rolling Hex open on Saturdays?"
    text = LOGISTICS if quote in LOGISTICS else quote
    assert (another_weekday(question, quote, text) is not None) is other
    assert another_weekday("what time do we start?", quote, text) is None


def test_a_window_running_into_the_next_paragraph_is_read_from_its_first_sentences() -> None:
    text = f"{LOGISTICS}\n\n**Where:** normally The Rolling Hex (back room)."
    window = (
        "Doors/setup from 18:15, we start at **18:30** sharp. **Where:** normally The Rolling Hex"
    )
    question = "What time does the Rolling Hex open on Saturdays?"
    assert another_weekday(question, window, text) is not None
    assert another_weekday(question, "", text) is None
