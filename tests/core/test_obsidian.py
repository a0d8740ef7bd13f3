from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.ingest.chunk import prepare_note
from app.core.ingest.obsidian import read_dialect
from app.core.ingest.walk import SkipReason
from tests.fakes import FakeEmbedder

VAULT = Path(__file__).resolve().parent.parent / "fixtures" / "vault_dialect"


@pytest.mark.parametrize(
    ("line", "readable", "targets"),
    [
        ("See [[Tailscale]] first.", "See Tailscale first.", ("Tailscale",)),
        ("On [[docker01|the small NUC]].", "On the small NUC.", ("docker01",)),
        ("Read [[Proxmox#GPU passthrough]].", "Read Proxmox > GPU passthrough.", ("Proxmox",)),
        ("Jump to [[#Users]].", "Jump to Users.", ()),
        ("![[jellyfin-dashboard.png]]", "jellyfin-dashboard.png", ("jellyfin-dashboard.png",)),
        ("![[notes/Recipe.md|the recipe]]", "the recipe", ("notes/Recipe.md",)),
        ("Block [[Log#^abc123]] ref", "Block Log ref", ("Log",)),
        ("> [!warning] Mind the fuse", "> Mind the fuse", ()),
        ("> [!tip]- ", "> Tip", ()),
        ("Plain [brackets] stay", "Plain [brackets] stay", ()),
        ("Code `[[x]]` and [[y]]", "Code `[[x]]` and y", ("y",)),
        # a markdown link to another note, as Notion exports them: its text alone
        ("[Invoices](Finances%203ac8/Invoices%20e3d6.md)", "Invoices",
         ("Finances 3ac8/Invoices e3d6.md",)),
        ("[VAT Q1 (Jan–Mar)](VAT%20Q1%20(Jan%E2%80%93Mar)%20a8b3.md)", "VAT Q1 (Jan–Mar)",
         ("VAT Q1 (Jan–Mar) a8b3.md",)),
        ("See [setup](<My Note.md#Setup>).", "See setup.", ("My Note.md",)),
        # a web address, a file, an image and code keep their addresses
        ("[site](https://example.com/a.md)", "[site](https://example.com/a.md)", ()),
        ("[Contract](files/Contract%202024.pdf)", "[Contract](files/Contract%202024.pdf)", ()),
        ("![plan](plan.md)", "![plan](plan.md)", ()),
        ("Code `[x](y.md)` and [z](z.md)", "Code `[x](y.md)` and z", ("z.md",)),
        # a relation property: the page's name, then its encoded path
        ("Venue: Avonside Glasshouse (../Suppliers%20a1/Avonside%20Glasshouse%20f9.md)",
         "Venue: Avonside Glasshouse", ("../Suppliers a1/Avonside Glasshouse f9.md",)),
        ("see (notes.md) first", "see (notes.md) first", ()),
        # the lines Notion puts around a callout, which a reader never sees
        ("<aside>", "", ()),
        ("</aside>", "", ()),
        ("<aside> 💷 Year end: 31 March</aside>", "<aside> 💷 Year end: 31 March</aside>", ()),
    ],
)  # fmt: skip
def test_links_embeds_and_callouts_read_as_text(
    line: str, readable: str, targets: tuple[str, ...]
) -> None:
    dialect = read_dialect(line)
    assert dialect.lines == (readable,)
    assert dialect.links.get(0, ()) == targets


def test_code_is_left_alone_and_tags_are_collected() -> None:
    text = "---\ntags: [Home, two words]\naliases: media box\n---\n# T\n\n"
    text += "A #todo and #area/garden, not C# or #123 or `#code`.\n```\n[[Inside]] #fenced\n```\n"
    dialect = read_dialect(text)
    assert dialect.tags == ("home", "two-words", "todo", "area/garden")
    assert dialect.aliases == ("media box",)
    assert "[[Inside]] #fenced" in dialect.lines
    assert dialect.lines[:4] == tuple(text.split("\n")[:4])  # front matter kept for the parser


def test_prepared_chunks_carry_links_aliases_and_tags() -> None:
    text = (VAULT / "homelab" / "Jellyfin.md").read_text(encoding="utf-8")
    note = prepare_note(text, "homelab/Jellyfin.md")
    assert note.empty is None
    assert note.tags == ("homelab", "media", "family")
    assert note.aliases == ("media box", "the streaming server")
    first = note.chunks[0]
    assert "[[" not in first.text and "the small NUC" in first.text
    assert "Subtitles quota" in first.text and "[!warning]" not in first.text
    assert first.links[:3] == ("docker01", "Proxmox", "jellyfin-dashboard.png")
    assert "Also called: media box, the streaming server" in first.embed_text
    assert "Tags: homelab, media, family" in first.embed_text
    # Equal text under other front matter is embedded differently, so it is another key.
    bare = prepare_note(text.split("---\n", 2)[2], "other.md").chunks[0]
    assert bare.text == first.text and bare.text_hash != first.text_hash


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("\n\n", "empty"),
        ("# Only a title\n", "only a title"),
        ("---\ntags: [x]\n---\n", "empty"),
        ("# Title\n\n## Heading\n", "only a title"),
    ],
)
def test_empty_and_title_only_notes_say_why(text: str, reason: str) -> None:
    note = prepare_note(text, "n.md")
    assert note.chunks == [] and note.empty == reason


def test_vault_indexes_readable_text_and_skips_empty_notes(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    notes = tmp_path / "vault"
    shutil.copytree(VAULT, notes)
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    try:
        report = update_index(index, notes)
        empty = {s.rel_path: s.detail for s in report.skipped if s.reason is SkipReason.EMPTY}
        assert empty == {
            "inbox/Untitled.md": "empty",
            "inbox/Standing desk.md": "only a title",
            "inbox/Tagged stub.md": "empty",
        }
        assert sorted(report.added) == [
            "cooking/Focaccia.md",
            "homelab/Jellyfin.md",
            "homelab/Proxmox.md",
        ]
        assert index.manifest.files()["cooking/Focaccia.md"].tags == ("baking", "bread/flat")
        # An alias found only in the front matter finds its note; the passage keeps links.
        result = search(index, "streaming server", RetrievalSettings(k=1, candidates=5))
        top = result.passages[0]
        assert top.primary.file == "homelab/Jellyfin.md"
        assert "docker01" in top.primary.links
        assert "[[" not in top.text
        # Nothing changed: the empty notes are not read as pending changes forever.
        again = update_index(index, notes)
        assert again.nothing_to_do
    finally:
        index.close()


def test_a_note_emptied_later_leaves_the_index(tmp_path: Path, fake_embedder: FakeEmbedder) -> None:
    notes = tmp_path / "vault"
    shutil.copytree(VAULT, notes)
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    try:
        update_index(index, notes)
        (notes / "homelab" / "Proxmox.md").write_text("# Proxmox\n", encoding="utf-8")
        report = update_index(index, notes)
        assert report.removed == ["homelab/Proxmox.md"]
        assert "homelab/Proxmox.md" not in index.manifest.files()
    finally:
        index.close()
