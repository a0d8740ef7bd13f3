"""A quote the model stitched from lines of one passage that the note keeps apart: each
piece is the note's own words, checked as a quote of its own; anything else is no quote."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.answer.answering import answer_question
from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.answer.quote_location import _whole_parts, locate_quotes
from app.core.answer.result import AnswerKind, AnswerSettings
from app.core.basics.scores import FusedScore
from app.core.index.fusion import RetrievalSettings
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage
from app.core.index.store import NoteIndex
from app.core.session.serialize import answer_dict
from app.core.verdict.gates import GateSettings
from tests.fakes import FakeEmbedder, ScriptedGenerator, index_notes, scripted_reply

RESTORE = (
    "# Restore test, March\n\nRestored latest nightly snapshot from the rest-server to "
    "tank/scratch.\n\n- snapshot `a91c03fe` from 16/03 02:30\n- 212 GB restored, 184,377 "
    "files\n- started 10:14, done 12:01 → **1h 47m** (~33 MB/s, limited by the 1GbE link)\n"
    "- compared sha256 of 500 random files: all match\n"
)
INTRO = "Restored latest nightly snapshot from the rest-server to tank/scratch."
TIMING = "- started 10:14, done 12:01 → **1h 47m** (~33 MB/s, limited by the 1GbE link)"
# The model dropped the two list items between the lines it wanted.
STITCHED = f"{INTRO} {TIMING.replace('**', '')}"


COSTS = (
    "# Budget review\n\nMonthly cloud cost (EUR).\n\n| month | compute | total |\n"
    "|-------|--------:|------:|\n| Feb 2025 | 11,300 | 37,200 |\n| Mar 2025 | 11,900 | 38,400 |\n"
)


def test_a_table_header_and_a_later_row_are_found_row_by_row() -> None:
    # the model copied the lead, the header and March's row, leaving out February's
    quote = "Monthly cloud cost (EUR). | month | compute | total | |---|---|---| " + (
        "| Mar 2025 | 11,900 | 38,400 |"
    )
    located = locate_quotes(quote, [COSTS], 1)
    assert [q.text for q in located] == [
        "Monthly cloud cost (EUR).",
        "| month | compute | total |",
        "| Mar 2025 | 11,900 | 38,400 |",
    ]
    # a run of words that starts inside a row is made of no whole rows
    assert _whole_parts("compute total mar 2025 11 900 38 400", COSTS) == []
    assert _whole_parts("month compute total mar 2025 11 900 38 400", COSTS) == []


def test_each_piece_is_found_as_the_note_writes_it() -> None:
    located = locate_quotes(STITCHED, [RESTORE], 1)
    assert [q.text for q in located] == [INTRO, TIMING]
    assert all(q.stitched and q.exact and q.passage == 1 for q in located)


@pytest.mark.parametrize(
    "quote",
    [
        # a piece in words of the model's own: not the note's lines
        f"{INTRO} The whole restore took one hour and forty-seven minutes to finish.",
        # pieces from two notes are no quote of either
        f"{INTRO} The sourdough proofs overnight in the fridge.",
    ],
)
def test_what_is_not_stitched_from_one_passage_is_no_quote(quote: str) -> None:
    other = "# Bread\n\nThe sourdough proofs overnight in the fridge for 12 to 16 hours.\n"
    assert locate_quotes(quote, [RESTORE, other], 1) == []


@pytest.mark.parametrize(
    "quote",
    [
        # a value of the model's own between the pieces
        f"{INTRO} started 10:14, done 12:01 → 2h 47m (~33 MB/s, limited by the 1GbE link)",
        # a negation of the model's own
        f"{INTRO} compared sha256 of 500 random files: none match",
    ],
)
def test_words_of_the_models_own_between_pieces_are_no_quote(quote: str) -> None:
    assert locate_quotes(quote, [RESTORE], 1) == []


def test_a_piece_running_across_two_table_rows_is_no_quote() -> None:
    timetable = (
        "# Coach\n\nThe coach to the airport leaves from the bus station.\n\n"
        "| coach | leaves | arrives |\n| --- | --- | --- |\n| MF 4417 | 9:00 | 11:30 |\n"
        "| MF 4420 | 13:00 | 15:30 |\n"
    )
    quote = "The coach to the airport leaves from the bus station. MF 4417 9:00 11:30 MF 4420 13:00"
    assert locate_quotes(quote, [timetable], 1) == []


BOILER = (
    "## Boiler\n\nService booked with Dan for 12 May, the usual yearly check.\n\n"
    "- last year: £85\n- parts: none needed\n"
    "- this year: Dan will send the quote after the visit\n"
)


def test_a_piece_saying_the_value_is_to_come_refuses_the_whole_quote() -> None:
    quote = (
        "Service booked with Dan for 12 May, the usual yearly check. this year: Dan will "
        "send the quote after the visit"
    )
    source = ChunkSource("home/boiler.md", ("Boiler",), 1, 6)
    passage = Passage("h", BOILER, (source,), 1, FusedScore(0.03), 1, None, 1, None, None)
    decision = check_quote(
        "how much is the boiler service this year?", True, quote, 1,
        Prompt((), (passage,), (), 0), None, 0.45, "£85 [1].",
    )  # fmt: skip
    assert decision.failed is not None and decision.failed.name == "answer_type"
    assert "not known yet" in decision.failed.detail


@pytest.fixture
def index(tmp_path: Path, fake_embedder: FakeEmbedder) -> Iterator[NoteIndex]:
    notes = {
        "backups/restore-test.md": RESTORE,
        "bread.md": "# Bread\n\n## Proofing\n\nThe sourdough proofs overnight for 12 hours.\n",
    }
    idx = index_notes(tmp_path / "notes", tmp_path / "idx", fake_embedder, notes)
    yield idx
    idx.close()


def test_the_piece_holding_the_answer_is_shown_once_the_answer_is_checked(index) -> None:
    generator = ScriptedGenerator(
        {"restore test take": scripted_reply(True, STITCHED, 1, "1h 47m [1].")}
    )
    streamed: list[str] = []
    answer = answer_question(
        index,
        generator,
        "how long did the march restore test take",
        retrieval=RetrievalSettings(k=3, candidates=10),
        settings=AnswerSettings(gates=GateSettings(threshold=-1e9)),
        on_text=streamed.append,
    )
    assert answer.kind is AnswerKind.GENERATED
    assert answer.quote is not None and answer.quote.text == TIMING
    located = next(c for c in answer.checks if c.name == "quote_located")
    assert "joined from lines the note keeps apart" in located.detail
    # The intro, which holds no length of time, was never shown.
    assert INTRO not in "".join(streamed)
    assert "1h 47m" in "".join(streamed)
    # `ask --json` says the quote is a piece of what the model wrote
    assert answer_dict(answer)["quote"]["stitched"] is True
