"""Logseq pages: `alias::` and `tags::` on a page's first lines name and file it as
front matter does, and its aliases name its passages' subject for the answer checks;
`id::` and `collapsed::` under a block are not text; other properties ("room:: S14") are
facts of the page and stay in it. A class code such as "11C3" is a code the quoted
passage must name."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.answer.grounding import identifiers_missing
from app.core.answer.written_forms import is_framed_code
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.ingest.chunk import prepare_note
from app.core.ingest.logseq import is_display_property, page_properties
from app.core.ingest.obsidian import read_dialect
from tests.fakes import FakeEmbedder

PAGE = (
    "alias:: Y11s3, [[11C3]]\n"
    "tags:: [[Year 11]], #chemistry\n"
    "room:: S14\n"
    "- 27 on roll\n"
    "  id:: 6650a1f2-9c1b-4d7e-a1b2-3c4d5e6f7a8b\n"
    "  collapsed:: true\n"
    "\t- JT – 25% extra time\n"
)


def test_page_properties_give_aliases_and_tags() -> None:
    count, aliases, tags = page_properties(PAGE.split("\n"))
    assert count == 3
    assert aliases == ("Y11s3", "11C3")
    assert tags == ("year-11", "chemistry")


def test_display_properties_are_blanked_and_facts_kept_in_place() -> None:
    dialect = read_dialect(PAGE)
    assert dialect.aliases == ("Y11s3", "11C3")
    assert "year-11" in dialect.tags
    lines = dialect.lines
    assert len(lines) == len(PAGE.split("\n"))  # every line keeps its number
    assert lines[2] == "room:: S14"
    assert lines[0] == lines[1] == lines[4] == lines[5] == ""


def test_the_page_is_searched_by_its_alias() -> None:
    chunk = prepare_note(PAGE, "pages/Year 11 set 3.md").chunks[0]
    assert "Also called: Y11s3, 11C3" in chunk.embed_text
    assert "6650a1f2" not in chunk.embed_text
    assert chunk.text.startswith("room:: S14")


def test_properties_only_count_on_a_pages_first_lines() -> None:
    assert page_properties(["- a bullet", "alias:: later"]) == (0, (), ())
    assert page_properties(["  alias:: indented"]) == (0, (), ())
    assert is_display_property("    id:: 6650a1f2-9c1b")
    assert not is_display_property("room:: S14")
    assert not is_display_property("see https://example.org:: not a key")


def test_a_logseq_graph_is_indexed_and_found_by_alias(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    notes = tmp_path / "graph"
    (notes / "pages").mkdir(parents=True)
    (notes / "pages" / "Year 11 set 3.md").write_text(PAGE, encoding="utf-8")
    (notes / "pages" / "Year 9.md").write_text("room:: S16\n- 24 in the set\n", encoding="utf-8")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    found = search(index, "11C3 room", RetrievalSettings(k=2)).passages
    assert found[0].sources[0].file == "pages/Year 11 set 3.md"
    assert found[0].sources[0].start_line == 3
    # the page's aliases name its passages' subject for the answer checks
    assert found[0].note_aliases == ("Y11s3", "11C3")
    assert "11C3" in found[0].surroundings
    assert found[0].as_dict()["note_aliases"] == ["Y11s3", "11C3"]
    other = next(p for p in found if p.primary.file == "pages/Year 9.md")
    assert other.note_aliases == ()


@pytest.mark.parametrize("code", ["11C3", "10c2", "3B2", "10Y29"])
def test_a_code_framed_by_numbers_must_be_in_the_quoted_passage(code: str) -> None:
    assert identifiers_missing(f"room for {code}?", "room:: S16\n- 24 in the set") == [code]
    assert identifiers_missing(f"room for {code}?", f"{code}\nroom:: S14") == []


@pytest.mark.parametrize("term", ["2x4", "700x28", "1h45", "10h30", "1m80", "5ft10", "1e5"])
def test_numbers_joined_by_a_unit_or_a_product_are_no_code(term: str) -> None:
    assert not is_framed_code(term)


MOCKS = (
    "alias:: PPEs 2025\n"
    "- ## Y11 PPEs (mocks)\n"
    "\t- Tue 7 Jan – Fri 17 Jan 2025, in the sports hall\n"
    "- ## results (chem P1 avg %)\n"
    "\t- 11C3 – 38% :(\n"
    "\t- P2 still marking\n"
    "- a closing bullet\n"
    "\t- ## a heading inside a nested bullet is no section\n"
)


def test_a_heading_block_heads_the_section_of_its_nested_bullets() -> None:
    """Logseq writes a heading as a bullet ("- ## results"): its children are its section,
    and the heading names them, as "## results" would in any note."""
    from app.core.ingest.sections import parse_note

    sections = parse_note(MOCKS, "Mock exams 2025").sections
    headed = [(s.heading_path, s.start, s.end) for s in sections if len(s.heading_path) > 1]
    assert headed == [
        (("Mock exams 2025", "Y11 PPEs (mocks)"), 1, 3),
        (("Mock exams 2025", "results (chem P1 avg %)"), 3, 9),
    ]
