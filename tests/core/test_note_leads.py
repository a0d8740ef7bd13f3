from __future__ import annotations

from pathlib import Path

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.note_leads import note_lead, opening_lines
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage, search
from app.core.index.store import NoteIndex
from tests.conftest import write
from tests.fakes import FakeEmbedder

ENTRY = "## 2026-04-06\nCutover date agreed: **Tuesday 19 May 2026**. The old one goes read-only."
LEAD = "Moving the nightly ingest pipelines off our self-hosted Airflow onto Dagster."


def test_the_lead_is_what_comes_before_the_first_section() -> None:
    assert note_lead(f"# Heron log\n\n{LEAD}\nIt runs nightly.\n\n{ENTRY}") == (
        f"{LEAD} It runs nightly."
    )
    assert note_lead(f"# Heron log\n\n{ENTRY}") == ""
    assert note_lead(f"Heron log\n=========\n\n{LEAD}\n\nEntry\n-----\nCutover.") == LEAD
    assert note_lead(f"#project #work\n{LEAD}\n## Entry") == LEAD
    assert note_lead("# Log\n\n```sh\n# a comment\n```\n") == ""
    # properties are facts of their own, not what the note says it is about
    assert note_lead(f"---\nowner: Mei\nstatus: live\n---\n# Heron log\n\n{LEAD}") == LEAD
    long = opening_lines("# Log\n\n" + "word " * 200)
    assert 250 < len(long) <= 300 and long.endswith("word")


def test_a_roster_in_the_lead_names_no_subject() -> None:
    roster = "Team: me, Kasia Nowak, Ravi Menon on the database side; Owen Achebe is the sponsor."
    assert note_lead(f"# Heron log\n\n{LEAD}\n{roster}\n\n{ENTRY}") == LEAD
    assert note_lead("# Homelab\n\nI run Plex, Jellyfin, Pi-hole and Home Assistant.") == ""
    # one person's name with its particle, a place and a record's call number name a subject
    found = "Enfin : baptême d'Alain Le Bihan, Pouldreuzic, 12 janvier 1789 (cote 3 E 231/12)."
    assert note_lead(f"# 18 février 2024\n\n{found}\n\n## Parrain\nAlain Gourlaouen.") == found
    assert note_lead("# Bureau\n\nAanwezig: Els De Vries, Joost Van Dam, Anouk Smit.") == ""


def passage(text: str, lead: str) -> Passage:
    source = ChunkSource("work/Heron log.md", ("Heron log", "2026-04-06"), 9, 10)
    return Passage("h", text, (source,), 1, FusedScore(0.03), 1, None, 1, None, None, lead)


def decide(question: str, quote: str, lead: str) -> str | None:
    prompt = Prompt((), (passage(ENTRY, lead),), (), 0)
    failed = check_quote(question, True, quote, 1, prompt, None, 0.45).failed
    return failed.name if failed is not None else None


def test_a_log_entry_is_read_with_the_lead_that_names_its_subject() -> None:
    question = "When do we switch over from Airflow to Dagster?"
    quote = "Cutover date agreed: Tuesday 19 May 2026."
    assert decide(question, quote, "") == "quote_on_topic"  # "switch", "cutover": no word shared
    assert decide(question, quote, LEAD) is None


def test_the_lead_does_not_make_another_subject_present() -> None:
    question = "When do we switch over from Airflow to Prefect?"
    assert decide(question, "Cutover date agreed: Tuesday 19 May 2026.", LEAD) == (
        "question_terms_present"
    )


def test_search_gives_each_passage_its_note_lead(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    entries = "\n\n".join(
        f"## 2026-0{m}-06\n" + f"Entry {m}: the migration moved three more jobs today. " * 8
        for m in range(1, 6)
    )
    write(tmp_path / "notes", "heron.md", f"# Heron log\n\n{LEAD}\n\n{entries}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, tmp_path / "notes")
    passages = search(index, "Entry 4 migration jobs", RetrievalSettings(k=3)).passages
    index.close()
    assert passages and all(p.note_lead == LEAD for p in passages)
    assert any(LEAD not in p.text for p in passages)


def test_a_property_is_found_and_the_lead_stays(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    """A fact kept only in the front matter is searched and shown, lines true to the file,
    and the note's lead is still its opening sentence, not its properties."""
    entries = "\n\n".join(
        f"## 2026-0{m}-06\n" + f"Entry {m}: we talked about growth and the design doc. " * 8
        for m in range(1, 4)
    )
    front = "---\nperson: Priya Raman\ntimezone: Europe/London\ntags: [people]\n---\n"
    write(tmp_path / "notes", "Priya.md", f"{front}# Priya — 1:1s\n\n{LEAD}\n\n{entries}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, tmp_path / "notes")
    passages = search(index, "priya timezone", RetrievalSettings(k=3)).passages
    index.close()
    top = passages[0]
    assert "timezone: Europe/London" in top.text and top.primary.start_line == 1
    assert "tags:" not in top.text  # the passage carries its tags already
    assert top.note_lead == LEAD
