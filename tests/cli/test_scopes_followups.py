"""Scopes and follow-ups through the real CLI commands (fake models)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.conftest import write


def test_search_in_a_scope_says_so_and_stays_inside_it(indexed: Cli) -> None:
    data = indexed("search", "file:garden what goes in the north bed", "--json").json()
    assert data["scope"] == "file:garden" and data["scope_notes"] == 1
    assert data["question"] == "what goes in the north bed"
    assert {p["file"] for p in data["passages"]} == {"garden.md"}
    text = indexed("search", "in:nowhere which port").stdout
    assert text.strip() == "no passages found: searched only in:nowhere: 0 notes"


def test_why_names_the_scope_and_refuses_an_empty_one(indexed: Cli) -> None:
    result = indexed("why", "file:bike which port does the server use")
    assert "scope: searched only file:bike: 1 note" in result.stdout
    data = indexed("why", "in:nowhere which port does the server use", "--json").json()
    assert data["scope"] == "in:nowhere" and data["verdict"] == "refused"


@pytest.mark.parametrize(
    ("question", "value"),
    [("since:last-week which port", "since:last-week"), ("before:2024-02-30 port", "2024-02-30")],
)
def test_a_bad_date_is_a_one_line_error_naming_it(indexed: Cli, question: str, value: str) -> None:
    for command in ("search", "why", "ask"):
        result = indexed(command, question)
        assert result.code == 1, command
        assert result.stderr.startswith("asknotes: error: ") and value in result.stderr
        assert result.stderr.count("\n") == 1


def test_ask_after_resolves_the_follow_up_and_says_how(indexed: Cli) -> None:
    result = indexed("ask", "and the server?", "--after", "Which port does the bike use?")
    assert result.code == 0
    assert "asking: Which port does the server use?" in result.stderr
    assert "Port 8443" in result.stdout  # the scripted reply to a question about a port
    data = indexed(
        "ask", "and the server?", "--after", "Which port does the bike use?", "--json"
    ).json()
    assert data["followup"]["resolved"] == "Which port does the server use?"
    assert data["followup"]["rule"] == "put 'the server' in place of 'the bike'"
    new_topic = indexed(
        "ask", "When is garlic planted?", "--after", "Which port does the server use?", "--json"
    ).json()
    assert new_topic["followup"]["rule"] is None
    assert new_topic["followup"]["resolved"] == "When is garlic planted?"


def test_a_question_set_item_may_carry_a_scope(indexed: Cli, tmp_path: Path) -> None:
    questions = write(
        tmp_path,
        "q.jsonl",
        '{"question": "Which port does the server use?", "anchor": "8443",'
        ' "scope": "file:server"}\n'
        '{"question": "Which port does the server use?", "scope": "file:bike",'
        ' "expect": "refuse"}\n',
    )
    data = indexed("eval", str(questions), "--retrieval-only", "--json").json()
    first, second = data["questions"]
    assert first["question"] == "file:server Which port does the server use?"
    assert first["anchor_rank"] == 1
    assert {p["file"] for p in second["retrieved"]} <= {"bike.md"}
    bad = write(tmp_path, "bad.jsonl", '{"question": "x", "scope": "since:soon"}\n')
    result = indexed("eval", str(bad))
    assert result.code == 1 and f"{bad}:1: since:soon is not a date" in result.stderr


def test_a_list_question_cites_one_passage_per_note(indexed: Cli) -> None:
    data = indexed("ask", "Which notes mention garlic?", "--json").json()
    assert data["list"] == {"subject": "garlic", "count": False}
    assert [(i["number"], i["file"]) for i in data["items"]] == [(1, "garden.md")]
    assert "garlic" in data["items"][0]["sentence"].lower()
    assert data["answer"].startswith('1 note mentions garlic:\n- garden.md: "')
    text = indexed("ask", "How many notes mention the tyres?").stdout
    assert text.startswith('1 note mentions the tyres:\n- bike.md: "The tyres take 4 bar')
    assert "[1] bike.md:3-5  Bike > Tyres" in text


def test_history_keeps_every_question_and_is_searchable(indexed: Cli) -> None:
    assert indexed("history").stdout.strip() == "no questions asked yet"
    indexed("ask", "Which port does the bike use?")
    indexed("ask", "and the server?", "--after", "Which port does the bike use?")
    indexed("ask", "Which notes mention garlic?")
    entries = indexed("history", "--json").json()
    assert [e["asked"] for e in entries] == [
        "Which notes mention garlic?",
        "and the server?",
        "Which port does the bike use?",
    ]
    assert entries[1]["question"] == "Which port does the server use?"
    assert entries[1]["outcome"] == "generated"
    assert [c["file"] for c in entries[1]["cited"]] == ["server.md"]
    assert entries[0]["outcome"] == "list" and entries[0]["cited"][0]["file"] == "garden.md"
    found = indexed("history", "8443").stdout  # a word of the answer, not the question
    assert "and the server?" in found and "asked as: Which port does the server use?" in found
    assert "garlic" not in found
    assert indexed("history", "saffron").stdout.strip() == "nothing asked matches 'saffron'"


def test_an_unreadable_history_line_is_skipped_with_a_warning(indexed: Cli) -> None:
    indexed("ask", "Which notes mention garlic?")
    (path,) = indexed.data_dir.rglob("history.jsonl")
    with path.open("ab") as f:
        f.write(b"{not json\n")
    result = indexed("history")
    assert "Which notes mention garlic?" in result.stdout
    assert "skipped 1 unreadable lines (first: line 2)" in result.stderr
