"""Every command in-process with fake models: help, JSON shapes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from app.cli import cli as root_group
from tests.cli.conftest import NOTES, PORT_QUOTE, Cli
from tests.conftest import write
from tests.fakes import scripted_reply


def command_paths(group: click.Group = root_group, prefix: tuple[str, ...] = ()) -> list[tuple]:
    found: list[tuple[str, ...]] = [prefix]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += command_paths(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "asknotes")
def test_every_command_has_help(cli: Cli, path: tuple[str, ...]) -> None:
    result = cli(*path, "--help")
    assert result.code == 0, result.stderr
    assert result.stdout.startswith("Usage: asknotes")
    assert len(result.stdout.splitlines()) > 3


def test_the_command_list_is_what_the_readme_documents() -> None:
    names = {" ".join(p) for p in command_paths() if p}
    assert names == {
        "ask",
        "calibrate",
        "eval",
        "history",
        "index",
        "paths",
        "refused",
        "refused mark",
        "search",
        "tui",
        "watch",
        "why",
    }


def test_index_json_reports_what_was_done(cli: Cli, notes: Path) -> None:
    first = cli("index", str(notes), "--json")
    assert first.code == 0, first.stderr
    report = first.json()
    assert sorted(report["added"]) == ["bike.md", "garden.md", "server.md"]
    assert report["texts_embedded"] == 3 and report["removed"] == []
    again = cli("index", str(notes), "--json").json()
    assert again["texts_embedded"] == 0 and again["unchanged"] == 3


def test_index_text_report_and_progress_on_stderr(cli: Cli, notes: Path) -> None:
    result = cli("index", str(notes))
    assert "3 added, 0 changed, 0 removed" in result.stdout
    assert "indexing 3/3 notes (100%)" in result.stderr


def test_search_json_shape(indexed: Cli) -> None:
    data = indexed("search", "which port does the server listen on", "--json", "--k", "2").json()
    assert len(data["passages"]) == 2
    first = data["passages"][0]
    assert first["file"] == "server.md" and first["fused_rank"] == 1
    assert set(first) == {
        "file",
        "heading_path",
        "start_line",
        "end_line",
        "links",
        "text",
        "sources",
        "vector_rank",
        "cosine_similarity",
        "bm25_rank",
        "bm25_score",
        "moved_rank",
        "fused_rank",
        "fused_score",
        "pinned_by",
        "note_lead",
        "note_aliases",
        "older_copies",
    }


def test_why_json_names_the_gate_and_the_words(indexed: Cli) -> None:
    data = indexed("why", "What did the dentist say about my wisdom teeth?", "--json").json()
    assert data["verdict"] == "refused" and data["fired"] == "lexical_support"
    assert data["scorecard"]["total"] < data["scorecard"]["threshold"]
    assert "dentist" in data["signals"]["unknown_words"]
    assert data["next_steps"]


def test_ask_json_answers_with_the_codes_citation(indexed: Cli) -> None:
    data = indexed("ask", "Which port does the server use?", "--json").json()
    assert data["kind"] == "generated" and data["text"] == "Port 8443 [1]."
    assert [p["file"] for p in data["cited"]] == ["server.md"]
    assert data["verdict"]["answerable"] is True
    assert {c["name"] for c in data["checks"]} >= {"quote_located", "answer_supported"}


def test_ask_streams_text_then_the_footer(indexed: Cli) -> None:
    result = indexed("ask", "Which port does the server use?")
    assert result.stdout.startswith(f'Your notes say: "{PORT_QUOTE}" [1]\n\nPort 8443 [1].')
    assert result.stdout.count("Port 8443 [1].") == 1  # streamed, not printed again
    assert "✓ answered by scripted" in result.stdout and "cited:" in result.stdout


def test_ask_says_on_stderr_when_the_model_reads_again(indexed: Cli) -> None:
    tyres = "The tyres take 4 bar before a long ride, checked every Sunday for cuts and wear."
    indexed.generator.replies = {"port": scripted_reply(True, tyres, 1, "4 bar [1].")}
    result = indexed("ask", "Which port does the server use?")
    assert "(the first reply failed quote_on_topic; reading again without" in result.stderr
    assert "4 bar" not in result.stdout.split("cited:")[0], "the refused reply is not shown"
    data = indexed("ask", "Which port does the server use?", "--json").json()
    assert any(f.startswith("the first reply failed quote_on_topic") for f in data["flags"])
    assert "reading again" not in indexed("ask", "Which port?", "--json").stderr


def test_a_refusal_is_recorded_and_listed(indexed: Cli) -> None:
    refused = indexed("ask", "When do I plant garlic in the garden bed?")
    assert "The notes do not contain the answer." in refused.stdout
    listing = indexed("refused")
    assert "1. [unmarked] When do I plant garlic in the garden bed?" in listing.stdout
    marked = indexed("refused", "mark", "1", "should-answer", "--anchor", "north bed")
    assert marked.code == 0 and "marked #1 should-answer" in marked.stdout


def test_show_prompt_prints_numbered_passages_without_generating(indexed: Cli) -> None:
    result = indexed("ask", "Which port does the server use?", "--show-prompt")
    assert result.code == 0, result.stderr
    assert '<passage id="1" source="server.md:' in result.stdout
    assert "prompt tokens" in result.stderr
    assert indexed.generator.prompts == []


def test_eval_json_shape_and_replay_of_the_refused_set(indexed: Cli, tmp_path: Path) -> None:
    questions = write(
        tmp_path,
        "q.jsonl",
        '{"question": "Which port does the server use?", "expect": "answer", "anchor": "8443"}\n'
        '{"question": "What colour is the shed?", "expect": "refuse"}\n',
    )
    data = indexed("eval", str(questions), "--json").json()
    assert set(data) == {"summary", "questions", "flipped"}
    assert data["summary"]["questions"] == 2 and data["summary"]["recall_at_k"] == 1.0
    assert [q["passed"] for q in data["questions"]] == [True, True]
    empty = indexed("eval", "--retrieval-only")
    assert empty.code == 0 and "the refused-question set is empty" in empty.stderr
    indexed("ask", "When do I plant garlic in the garden bed?")
    replay = indexed("eval", "--json").json()
    assert [q["question"] for q in replay["questions"]] == [
        "When do I plant garlic in the garden bed?"
    ]


def test_eval_exits_1_on_a_regression(indexed: Cli, notes: Path, tmp_path: Path) -> None:
    questions = write(
        tmp_path,
        "q.jsonl",
        '{"question": "Which port does the server use?", "anchor": "8443"}\n',
    )
    assert indexed("eval", str(questions), "--retrieval-only").code == 0
    (notes / "server.md").write_text("# Server\n\n## Ports\n\nThe port moved; ask Ana.\n")
    assert indexed("index", str(notes)).code == 0
    result = indexed("eval", str(questions), "--retrieval-only")
    assert result.code == 1
    assert "REGRESSED: Which port does the server use?" in result.stdout


def test_paths_lists_every_setting(cli: Cli) -> None:
    from app.config import describe_settings

    result = cli("paths")
    assert result.code == 0
    for name, env, _doc in describe_settings():
        assert f"  {name} = " in result.stdout and env in result.stdout


ONE_LINE_ERRORS = [
    (("index", "/nonexistent/notes"), "notes folder /nonexistent/notes does not exist"),
    (("search", "anything"), "no notes folder given"),
    (("refused", "mark", "9", "should-answer"), "no refused question #9"),
]


@pytest.mark.parametrize(("args", "message"), ONE_LINE_ERRORS)
def test_errors_are_one_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    if args[0] == "refused":
        cli.data_dir.mkdir(parents=True)
        notes = write(cli.data_dir.parent, "n/a.md", "# A\n\nSome text about apples here.\n")
        assert cli("index", str(notes.parent)).code == 0
    result = cli(*args)
    assert result.code == 1
    assert result.stderr.startswith("asknotes: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_search_before_index_says_what_to_run(cli: Cli, notes: Path) -> None:
    result = cli("--notes-dir", str(notes), "search", "x")
    assert result.code == 1 and "run `asknotes index NOTES_DIR` first" in result.stderr


def test_bad_question_file_names_its_line(indexed: Cli, tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.jsonl", '{"question": "ok"}\nnot json\n')
    result = indexed("eval", str(bad))
    assert result.code == 1 and f"{bad}:2: not valid JSON" in result.stderr


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("ASKNOTES_K", "many", "setting k='many' is not a valid int"),
        ("ASKNOTES_K", "0", "setting k=0 must be at least 1"),
        ("ASKNOTES_CHUNK_MAX_CHARS", "50", "chunk_max_chars=50 must be at least 100"),
        ("ASKNOTES_MAX_FILE_BYTES", "-1", "max_file_bytes=-1 must be at least 1"),
        ("ASKNOTES_VECTOR_WEIGHT", "heavy", "vector_weight='heavy' is not a valid float"),
    ],
)
def test_bad_settings_are_one_line_errors(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, variable: str, value: str, message: str
) -> None:
    monkeypatch.setenv(variable, value)
    result = cli("paths")
    assert result.code == 1 and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_config_file_errors_name_the_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    monkeypatch.setenv("ASKNOTES_CONFIG", str(config))
    for content, message in [
        (b"k = [", "not valid TOML"),
        (b"colour = 3\n", "unknown setting 'colour'"),
        (b"k = 'five'\n", "setting k='five' is not a valid int"),
        (b"exclude = 'caf\xe9'\n", "not UTF-8 text"),
    ]:
        config.write_bytes(content)
        result = cli("paths")
        assert result.code == 1 and message in result.stderr, (content, result.stderr)
        assert str(config) in result.stderr or "setting" in result.stderr


def test_the_json_answer_is_valid_even_for_a_refusal(indexed: Cli) -> None:
    data = json.loads(indexed("ask", "What did the dentist say?", "--json").stdout)
    assert data["refused"] and data["kind"] == "refused"
    assert data["verdict"]["fired"] == "lexical_support"


def test_ask_says_when_notes_changed_since_indexing(indexed: Cli, notes: Path) -> None:
    write(notes, "new.md", "# New\n\nA note written after indexing, about ports.\n")
    flags = indexed("ask", "Which port does the server use?", "--json").json()["flags"]
    assert any("notes changed since they were indexed: new.md" in f for f in flags), flags


def test_commands_use_the_last_indexed_folder(indexed: Cli) -> None:
    result = indexed("search", "garlic north bed")
    assert result.code == 0 and "garden.md" in result.stdout


def test_calibrate_plot_and_bad_file(indexed: Cli, tmp_path: Path) -> None:
    questions = write(
        tmp_path,
        "q.jsonl",
        '{"question": "Which port does the server use?", "expect": "answer"}\n'
        '{"question": "What did the dentist say?", "expect": "refuse"}\n',
    )
    plot = tmp_path / "bands.png"
    result = indexed("calibrate", str(questions), "--plot", str(plot))
    assert result.code == 0, result.stderr
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = write(tmp_path, "bad.jsonl", '{"question": "ok"}\n{"expect": "answer"}\n')
    failed = indexed("calibrate", str(bad))
    assert failed.code == 1 and f'{bad}:2: each line needs a "question" string' in failed.stderr


def test_search_says_which_older_copy_a_section_replaced(cli: Cli, notes: Path) -> None:
    old = NOTES["server.md"].replace("8443", "8080")
    (notes / "server (old).md").write_text(old, encoding="utf-8")
    assert cli("index", str(notes)).code == 0
    result = cli("search", "which port does the server listen on", "--k", "3")
    assert result.code == 0, result.stderr
    assert "in place of its older copy server (old).md:3-5" in result.stdout
    assert "8080" not in result.stdout
