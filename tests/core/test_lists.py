from __future__ import annotations

from pathlib import Path

import pytest

from app.core.answer.lists import answer_list, list_request
from app.core.index.fusion import RetrievalSettings
from app.core.index.store import NoteIndex
from tests.fakes import FakeEmbedder, index_notes

BODY = "This paragraph is long enough to be a chunk on its own, with words to match."


@pytest.mark.parametrize(
    ("question", "subject", "count"),
    [
        ("Which notes mention Tailscale?", "Tailscale", False),
        ("what notes talk about backups", "backups", False),
        ("in:homelab which notes mention docker01?", "docker01", False),
        ("How many notes mention the boiler?", "the boiler", True),
        ("how many times did I service the boiler?", "service the boiler", True),
        ("list every note that mentions garlic", "garlic", False),
        ("All the times I called Marta", "called Marta", False),
    ],
)
def test_list_questions_are_recognised(question: str, subject: str, count: bool) -> None:
    ask = list_request(question)
    assert ask is not None and (ask.subject, ask.count) == (subject, count)


@pytest.mark.parametrize(
    "question",
    [
        "How many monthly snapshots do I keep?",
        "What port does Jellyfin use?",
        "Which port does the server use?",
        "How much is the boiler service?",
    ],
)
def test_a_plain_question_is_not_a_list(question: str) -> None:
    assert list_request(question) is None


@pytest.fixture
def garlic(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = {
        "garden/beds.md": f"# Beds\n\nGarlic goes in the north bed in October. {BODY}\n",
        "cooking/dal.md": f"# Dal\n\n## Method\n\nFry three garlic cloves with ginger. {BODY}\n\n"
        f"## Serving\n\nServe the dal with rice and more garlic on top. {BODY}\n",
        "cooking/pasta.md": f"# Pasta\n\nAglio e olio: garlic, oil and chilli. {BODY}\n",
        "cooking/bread.md": f"# Bread\n\nThe north bed of the oven gets bread in October. {BODY}\n",
    }
    index = index_notes(tmp_path / "notes", tmp_path / "index", fake_embedder, notes)
    yield index
    index.close()


def test_every_note_stating_the_subject_is_one_cited_item(garlic: NoteIndex) -> None:
    ask = list_request("How many notes mention garlic?")
    assert ask is not None
    listed = answer_list(garlic, ask, RetrievalSettings(k=2, candidates=10))
    files = [item.file for item in listed.items]
    assert sorted(files) == ["cooking/dal.md", "cooking/pasta.md", "garden/beds.md"]
    assert len(set(files)) == len(files)  # the dal's two passages give one item
    assert [item.number for item in listed.items] == [1, 2, 3]
    for item in listed.items:
        assert "garlic" in item.sentence.lower() and item.sentence in item.passage.text
    assert "cooking/bread.md" not in files  # shares words with the question, not the subject
    assert listed.text.startswith("3 notes mention garlic:")
    assert len(listed.result.passages) > 2  # the budget grew beyond k=2


def test_a_scoped_list_and_an_empty_one(garlic: NoteIndex) -> None:
    ask = list_request("in:cooking which notes mention garlic?")
    assert ask is not None
    listed = answer_list(garlic, ask, RetrievalSettings(k=2, candidates=10))
    assert {i.file for i in listed.items} == {"cooking/dal.md", "cooking/pasta.md"}
    none = list_request("Which notes mention saffron?")
    assert none is not None
    empty = answer_list(garlic, none, RetrievalSettings(k=2, candidates=10))
    assert empty.refused and empty.items == ()
    assert empty.text == "No note states 'saffron'."
