from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.ingest.chunk import ChunkingSettings, chunk_note

SMALL = ChunkingSettings(max_chars=300, overlap_chars=40, min_chars=40)


def test_heading_paths_and_lines() -> None:
    text = (
        "# Garden\n\nIntro paragraph about the garden, long enough to stand alone here.\n\n"
        "## Beds\n\nThe raised beds are two metres long and eighty centimetres wide.\n\n"
        "### North bed\n\nGarlic goes in the north bed in October, cloves ten cm apart.\n"
    )
    chunks = chunk_note(text, "garden.md", SMALL)
    assert [c.heading_path for c in chunks] == [
        ("Garden",),
        ("Garden", "Beds"),
        ("Garden", "Beds", "North bed"),
    ]
    lines = text.split("\n")
    for c in chunks:
        shown = "\n".join(lines[c.start_line - 1 : c.end_line])
        assert shown == c.text, "line numbers must point at the text as written"
    assert chunks[2].embed_text.startswith("Garden > Beds > North bed\n\n### North bed")


def test_title_falls_back_to_file_name() -> None:
    chunks = chunk_note("Plain text with no heading at all, a note in a .txt file.", "dir/a.txt")
    assert chunks[0].heading_path == ("a",)


def test_hash_inside_fenced_code_is_not_a_heading() -> None:
    text = (
        "# Shell\n\n## Loop\n\nA loop over files, explained in enough words to be a chunk.\n\n"
        "```bash\n# not a heading\nfor f in *; do echo $f; done\n```\n"
    )
    chunks = chunk_note(text, "s.md", SMALL)
    assert all("not a heading" not in c.heading for c in chunks)
    assert any("# not a heading" in c.text for c in chunks)


def test_front_matter_is_not_a_heading_and_lines_stay_true() -> None:
    text = "---\ntitle: X\ntags: [a]\n---\n\n# Real title\n\nBody text long enough to be kept.\n"
    chunks = chunk_note(text, "f.md", SMALL)
    assert chunks[0].heading_path == ("Real title",)
    assert chunks[0].start_line == 6
    assert "title: X" not in chunks[0].text


PRIYA = (
    "---\nperson: Priya Raman\nlocation: London\ntimezone: Europe/London\n"
    "attendees:\n  - Ana\n---\n# Priya — 1:1s\n\nLead line of the note.\n\n"
    "## Goals\n\nPath to Staff by mid-2026: lead the ledger v2 design end to end.\n"
)


def test_properties_are_text_of_the_first_chunk_as_written() -> None:
    """A fact kept only as a property ("timezone: Europe/London") is searchable and shown,
    lines true to the file; the parser never reads the front matter as a heading, and
    the properties do not change how the rest of the note is cut."""
    chunks = chunk_note(PRIYA, "1on1/Priya.md", SMALL)
    first = chunks[0]
    assert first.start_line == 1
    assert first.text.startswith("---\nperson: Priya Raman\n")
    assert "timezone: Europe/London" in first.text and "Lead line of the note." in first.text
    bare = chunk_note(PRIYA.split("---\n", 2)[2], "1on1/Priya.md", SMALL)
    assert [(c.heading_path, c.end_line - 7) for c in chunks] == [
        (c.heading_path, c.end_line) for c in bare
    ]
    # properties under a bare title are kept, though they weigh nothing in merging
    alone = chunk_note("---\nowner: Mei\n---\n# Heron\n", "heron.md", SMALL)
    assert [c.text for c in alone] == ["---\nowner: Mei\n---\n# Heron"]


def test_display_keys_beside_properties_are_blanked() -> None:
    """Tags reach every passage already; as text they would match any question about
    books in every book's note. Their lines stay, empty, so line numbers stay true."""
    text = (
        "---\ntags:\n  - reading\n  - book\nauthor: Susanna Clarke\n---\n# Piranesi\n\nRead it.\n"
    )
    (only,) = chunk_note(text, "reading/Piranesi.md", SMALL)
    assert only.text.split("\n")[:6] == ["---", "", "", "", "author: Susanna Clarke", "---"]


def test_properties_without_a_title_open_the_preamble() -> None:
    text = "---\nvenue: Fellside Barn, Upper Thwaite\ndate: 2025-06-14\n---\nNo title here.\n"
    (only,) = chunk_note(text, "wedding.md", SMALL)
    assert only.heading_path == ("wedding",)
    assert (only.start_line, only.end_line) == (1, 5)
    assert "venue: Fellside Barn" in only.text


@pytest.mark.parametrize(
    "front",
    [
        "tags: [a, b]\naliases: [x]\ncssclasses: wide",  # how it is filed and shown
        "owner:\n",  # a key with no value
    ],
)
def test_display_keys_alone_stay_out_of_the_text(front: str) -> None:
    text = f"---\n{front}\n---\n# T\n\nBody text long enough to be kept as it is.\n"
    (only,) = chunk_note(text, "t.md", SMALL)
    assert only.text.startswith("# T") and "---" not in only.text


def test_setext_headings() -> None:
    text = "Title here\n==========\n\nSection\n-------\n\nBody of the section with enough words.\n"
    chunks = chunk_note(
        text, "s.md", ChunkingSettings(max_chars=300, overlap_chars=0, min_chars=10)
    )
    assert chunks[-1].heading_path == ("Title here", "Section")


def test_heading_only_parent_lives_on_in_the_heading_path() -> None:
    text = (
        "# Wifi\n\n## Networks\n\n### Main\n\nThe main network is called hearth and uses WPA3.\n\n"
        "### Guest\n\nThe guest network is isolated from the LAN and rate limited.\n"
    )
    chunks = chunk_note(text, "w.md", SMALL)
    assert not any(c.text.strip() in ("## Networks", "# Wifi") for c in chunks)
    main = next(c for c in chunks if "hearth" in c.text)
    assert main.text.startswith("### Main")
    assert main.heading_path == ("Wifi", "Networks", "Main")


def test_short_section_merges_with_the_smaller_neighbour() -> None:
    long_body = "A long section sentence that keeps going. " * 6
    text = (
        f"# N\n\n## Long\n\n{long_body}\n\n## Tiny\n\nPort 8443.\n\n"
        "## Short\n\nA short neighbour section with a few words.\n"
    )
    chunks = chunk_note(
        text, "n.md", ChunkingSettings(max_chars=600, overlap_chars=0, min_chars=40)
    )
    tiny = next(c for c in chunks if "Port 8443." in c.text)
    assert "short neighbour" in tiny.text
    assert "long section sentence" not in tiny.text


def test_no_chunk_is_only_a_heading() -> None:
    text = (
        "# Books\n\n## Finished\n\n- One book, read in January, which was good.\n\n##\n\n## Next\n"
    )
    chunks = chunk_note(text, "b.md", SMALL)
    for c in chunks:
        body = [line for line in c.text.split("\n") if line.strip() and not line.startswith("#")]
        assert body, f"chunk with no body: {c.text!r}"


def test_heading_only_note_gives_no_chunks() -> None:
    assert chunk_note("# Empty\n\n## Nothing\n", "e.md") == []


def test_long_section_is_split_with_overlap_and_keeps_its_path() -> None:
    para = " ".join(f"Fact number {i} is stated in this sentence." for i in range(30))
    text = f"# Log\n\n## Day 1\n\n{para}\n"
    chunks = chunk_note(text, "log.md", SMALL)
    assert len(chunks) > 2
    assert all(c.heading_path == ("Log", "Day 1") for c in chunks)
    assert all(len(c.text) <= SMALL.max_chars for c in chunks)
    for i in range(30):
        fact = f"Fact number {i} is stated in this sentence."
        assert any(fact in c.text for c in chunks), f"{fact!r} was cut in half"


def test_duplicate_sections_share_a_text_hash() -> None:
    section = "## Team agreements\n\nCode review within one working day, pairing for billing."
    a = chunk_note(f"# Monday\n\n{section}\n", "a.md", SMALL)
    b = chunk_note(f"# Tuesday\n\n{section}\n", "b.md", SMALL)
    assert a[-1].text_hash == b[-1].text_hash


def test_fenced_code_block_is_kept_whole() -> None:
    code = "```python\n" + "\n".join(f"value_{i} = compute({i})" for i in range(8)) + "\n```"
    text = "# Code\n\n## Snippet\n\n" + ("Some words of prose here. " * 6) + "\n\n" + code + "\n"
    chunks = chunk_note(text, "c.md", SMALL)
    assert any(code in c.text for c in chunks)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_chars": 50}, "too small"),
        ({"overlap_chars": 900}, "overlap_chars"),
        ({"min_chars": 2000}, "min_chars"),
    ],
)
def test_settings_are_validated(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ChunkingSettings(**kwargs)


def test_a_five_megabyte_line_never_makes_a_chunk_over_the_limit() -> None:
    chunks = chunk_note("x" * 5_000_000, "blob.md")
    assert len(chunks) == 5000
    assert max(len(c.text) for c in chunks) == ChunkingSettings().max_chars
    assert "".join(c.text for c in chunks) == "x" * 5_000_000


def test_thousands_of_bare_headings_over_one_paragraph() -> None:
    headings = "".join(f"# Heading {i}\n" for i in range(3000))
    body = "The only fact in this note is that the boiler code is 4417. " * 3
    chunks = chunk_note(headings + body + "\n", "h.md", SMALL)
    assert chunks and all(len(c.text) <= SMALL.max_chars for c in chunks)
    last = chunks[-1]
    assert "boiler code is 4417" in last.text
    assert last.heading_path == ("Heading 0", "Heading 2999") and last.end_line == 3001


SECTION_PARTS = ["# A\n", "## B\n", "### C\n", "#### D\n", "words here\n", "\n", "x" * 120 + "\n"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(SECTION_PARTS), min_size=1, max_size=120),
    st.sampled_from([(100, 0, 10), (150, 40, 60), (300, 100, 200)]),
)
def test_property_no_chunk_is_over_the_limit_and_lines_point_at_it(
    parts: list[str], sizes: tuple[int, int, int]
) -> None:
    text = "".join(parts)
    chunking = ChunkingSettings(*sizes)
    lines = text.split("\n")
    for c in chunk_note(text, "n.md", chunking):
        assert len(c.text) <= chunking.max_chars
        assert c.text in "\n".join(lines[c.start_line - 1 : c.end_line])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SECTION_PARTS), min_size=1, max_size=80), st.data())
def test_property_a_piece_is_named_by_the_section_with_most_body_in_it(
    parts: list[str], data: st.DataObject
) -> None:
    """The chunker looks only at the sections near a piece (a bisect); the answer must be
    the one a scan of every section of the group gives."""
    from app.core.ingest.chunk import _body_chars, _Group, _path_at
    from app.core.ingest.sections import parse_note

    text = "".join(parts)
    parsed = parse_note(text, "n")
    sections = list(parsed.sections)
    if not sections:
        return
    group = _Group(sections, sum(_body_chars(s, parsed.lines) for s in sections))
    first = data.draw(st.integers(sections[0].start, sections[-1].end - 1))
    last = data.draw(st.integers(first, sections[-1].end - 1))

    def body_overlap(s) -> int:
        return min(s.end, last + 1) - max(s.start + s.heading_lines, first)

    expected = max(sections, key=lambda s: (body_overlap(s), len(s.heading_path)))
    starts = [s.start for s in sections]
    ends = [s.end for s in sections]
    assert _path_at(group, starts, ends, first, last) == expected.heading_path
